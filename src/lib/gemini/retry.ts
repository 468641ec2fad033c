/**
 * Retry policy (docs/gemini.md "Retry policy", from Google's guidance): retry 408, per-minute 429, 500, 502,
 * 503, 504, network errors and timeouts with growing waits plus jitter, honouring RetryInfo.retryDelay; never
 * retry anything else. Every wait is reported and cancellable.
 */
import { cancelledError, GeminiError, type GeminiErrorKind } from "./errors";
import { sleep } from "./sleep";

export { sleep };

export type RetryWait = { attempt: number; maxAttempts: number; delayMs: number; reason: string };

export const BASE_DELAY_MS = 1_000;
export const MAX_BACKOFF_MS = 20_000;
/** A server that asks for a longer wait than this is not waited for: the user is told instead. */
export const MAX_HONOURED_DELAY_MS = 60_000;

const WAIT_REASONS: Partial<Record<GeminiErrorKind, string>> = {
  "rate-limit": "Too many requests right now.",
  overloaded: "The AI is busy right now.",
  server: "The AI service had a problem.",
  timeout: "The AI took too long to answer.",
  offline: "The connection to the AI dropped.",
};

/** The wait before retry number `retry` (1 = the first retry): 1 s, 2 s, 4 s, ... +/-20 %, at most 20 s. */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const base = BASE_DELAY_MS * 2 ** Math.max(0, retry - 1);
  const jitter = 0.8 + 0.4 * random();
  return Math.round(Math.min(MAX_BACKOFF_MS, base * jitter));
}

export type RetryOptions = {
  maxAttempts: number;
  signal?: AbortSignal;
  onRetryWait?: (wait: RetryWait | null) => void;
};

/** Runs `attempt` until it succeeds, fails for good, runs out of attempts or is cancelled. */
export async function withRetry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const maxAttempts = Math.max(1, Math.floor(options.maxAttempts));
  for (let n = 1; ; n++) {
    if (options.signal?.aborted) throw cancelledError(options.signal.reason);
    try {
      return await attempt(n);
    } catch (e) {
      if (!(e instanceof GeminiError) || !e.retryable || n >= maxAttempts) throw e;
      const delayMs = e.retryAfterMs ?? backoffDelay(n);
      if (delayMs > MAX_HONOURED_DELAY_MS) throw e;
      const reason = WAIT_REASONS[e.kind] ?? "The AI could not answer.";
      options.onRetryWait?.({ attempt: n + 1, maxAttempts, delayMs, reason });
      try {
        await sleep(delayMs, options.signal);
      } finally {
        options.onRetryWait?.(null);
      }
    }
  }
}
