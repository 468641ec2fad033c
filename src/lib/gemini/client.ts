/**
 * The one Gemini client: generateContent over fetch (GEMINI.md "Request"), with a per-attempt timeout,
 * the caller's cancel signal, and the retry policy of retry.ts. A hosted target (the app's proxy) gets
 * the user's session on every attempt instead of a key, and its answers report the server's count
 * (hosted.ts, loaded with the first such call).
 */
import { cancelledError, offlineError, timeoutError } from "./errors";
import {
  httpError,
  imageFromResponse,
  parseJson,
  parseRetryAfter,
  textFromResponse,
  type CallContext,
  type ImageResult,
  type InlineImage,
} from "./parse";
import { withRetry, type RetryWait } from "./retry";
import type { GeminiTarget } from "./target";

export type GeminiPart = { text: string } | { inlineData: InlineImage };

export type GenerateOptions = {
  target: GeminiTarget;
  model: string;
  parts: GeminiPart[];
  /** Merged over the defaults; image calls default responseModalities to ["TEXT", "IMAGE"]. */
  generationConfig?: Record<string, unknown>;
  signal?: AbortSignal;
  /** Per attempt; default 90 s. */
  timeoutMs?: number;
  /** Default 3 (the first try and two retries). */
  maxAttempts?: number;
  /** Called with the wait before each retry delay, and with null when the wait ends. */
  onRetryWait?: (wait: RetryWait | null) => void;
  /**
   * Called when an answer has fully arrived, before it is read (`ok`: a 2xx status), so a queue can
   * send its next request while this answer is parsed.
   */
  onAnswered?: (ok: boolean) => void;
};

export const DEFAULT_TIMEOUT_MS = 90_000;
export const DEFAULT_MAX_ATTEMPTS = 3;

const IMAGE_DEFAULTS: Record<string, unknown> = { responseModalities: ["TEXT", "IMAGE"] };

type Answer = { status: number; ok: boolean; body: unknown; headers: Headers; retryAfterMs?: number };

export type HostedClient = typeof import("./hosted");

/** Hosted mode's part of the client (its code is fetched with the first call through the proxy). */
export async function hostedClient(): Promise<HostedClient> {
  try {
    return await import("./hosted");
  } catch (e) {
    throw offlineError(e);
  }
}

/** Rejects as soon as `signal` aborts, whatever `promise` does (fetch or body reading may not notice). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** One request and its body, within `timeoutMs`; failures become timeout, cancelled or offline errors. */
async function post(url: string, init: RequestInit, options: GenerateOptions): Promise<Answer> {
  const { signal } = options;
  if (signal?.aborted) throw cancelledError(signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const onCancel = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onCancel, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException("The AI took too long to answer.", "TimeoutError"));
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    const exchange = async (): Promise<Answer> => {
      const response = await fetch(url, { ...init, signal: controller.signal });
      const text = await response.text();
      options.onAnswered?.(response.ok);
      return {
        status: response.status,
        ok: response.ok,
        body: parseJson(text),
        headers: response.headers,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      };
    };
    return await untilAborted(exchange(), controller.signal);
  } catch (e) {
    if (signal?.aborted) throw cancelledError(signal.reason);
    if (timedOut) throw timeoutError();
    // fetch rejects with a TypeError when the network is down (or navigator.onLine is false).
    throw offlineError(e);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onCancel);
  }
}

async function generate<T>(
  options: GenerateOptions,
  call: CallContext["call"],
  read: (body: unknown, ctx: CallContext) => T,
): Promise<T> {
  const { target, model } = options;
  const ctx: CallContext = { call, model, keySource: target.source, apiKey: target.apiKey };
  const generationConfig = { ...(call === "image" ? IMAGE_DEFAULTS : {}), ...options.generationConfig };
  const body = {
    contents: [{ role: "user", parts: options.parts }],
    ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
  };
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  // The key goes in a header, never in the URL: it stays out of logs, history and error messages.
  if (target.apiKey) headers["x-goog-api-key"] = target.apiKey;
  const modelId = encodeURIComponent(model.replace(/^models\//, ""));
  const url = `${target.baseUrl.replace(/\/+$/, "")}/v1beta/models/${modelId}:generateContent`;
  const json = JSON.stringify(body);
  const hosted =
    import.meta.env.VITE_AI_MODE === "hosted" && target.source === "hosted"
      ? await hostedClient()
      : undefined;

  return withRetry(
    async () => {
      // Hosted: the session as it is now, on every attempt (a refreshed token replaces an expired one).
      const sent = hosted ? { ...headers, Authorization: await hosted.sessionHeader(target) } : headers;
      const answer = await post(url, { method: "POST", headers: sent, body: json }, options);
      hosted?.reportUsage(target, answer.headers);
      if (!answer.ok) {
        throw (hosted?.proxyError ?? httpError)(answer.status, answer.body, ctx, answer.retryAfterMs);
      }
      return read(answer.body, ctx);
    },
    {
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      signal: options.signal,
      onRetryWait: options.onRetryWait,
    },
  );
}

/** An image edit or generation: resolves with the last non-thought image part of the answer. */
export function generateImage(options: GenerateOptions): Promise<ImageResult> {
  return generate(options, "image", imageFromResponse);
}

/** A text or vision call: resolves with the answer's non-thought text. */
export function generateText(options: GenerateOptions): Promise<string> {
  return generate(options, "text", textFromResponse);
}
