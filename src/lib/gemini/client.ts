/**
 * The one Gemini client: generateContent over fetch (docs/gemini.md "Request"), with a per-attempt timeout,
 * the caller's cancel signal, and the retry policy of retry.ts. A hosted target (the app's proxy) gets
 * the user's session on every attempt instead of a key, and its answers report the server's count
 * (hosted.ts, loaded with the first such call).
 */
import { untilAborted } from "@/lib/until-aborted";
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
  /** Per attempt; default 90 s (TEXT_TIMEOUT_MS for the tools' text calls). A timed-out image call is not retried. */
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

/**
 * Per-attempt timeouts of the tools' text calls. The text model thinks by default
 * (docs/gemini.md "Retry policy"), and nothing of the answer arrives until its thinking is done: on a photo
 * that is commonly 10-40 s, and a minute or more when the service is busy, so limits of 30 s (analysis) or
 * 60 s (poem) would cut off answers that are on their way.
 * - analysis, 90 s: a description of 2-3 sentences, so almost all of it is thinking. It is one attempt
 *   and any failure falls back to the fixed prompt silently, before the image call even starts: 90 s
 *   (the budget of an image attempt, DEFAULT_TIMEOUT_MS) keeps the user's worst wait bounded.
 * - poem, 120 s: counted from the request to the first streamed piece (thoughts are not streamed, so
 *   all the thinking happens before it) and then between pieces. Writing verse thinks longer than a
 *   description; the poem page shows its progress and a Cancel button all along.
 */
export const TEXT_TIMEOUT_MS = { analysis: 90_000, poem: 120_000 } as const;

const IMAGE_DEFAULTS: Record<string, unknown> = { responseModalities: ["TEXT", "IMAGE"] };

/**
 * THE switch for sampling on image calls: these generationConfig fields are never sent with one, whoever sets
 * them (docs/gemini.md "Request"). temperature, topP and topK are deprecated and ignored by current models,
 * and an image model thinks before it draws, with maxOutputTokens covering thinking plus output: a cap can
 * end the call, billed, with MAX_TOKENS and no image. Should a future model need one of them again, take it
 * out of this list (the styles' SPEC values are kept in variants.ts, `sampling`). Both spellings count:
 * requests accept snake_case too.
 */
export const UNSENT_ON_IMAGE_CALLS: readonly string[] = [
  "temperature",
  "topP",
  "topK",
  "maxOutputTokens",
  "top_p",
  "top_k",
  "max_output_tokens",
];

/** The generationConfig of a call: the image defaults under the caller's, less what is never sent. */
function generationConfigFor(call: CallContext["call"], config: Record<string, unknown> = {}) {
  if (call !== "image") return { ...config };
  const merged = { ...IMAGE_DEFAULTS, ...config };
  for (const name of UNSENT_ON_IMAGE_CALLS) delete merged[name];
  return merged;
}

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

/**
 * One request and its body, within `timeoutMs`; failures become timeout, cancelled or offline errors.
 * A timed-out image call is not retried on its own (docs/gemini.md "Retry policy": the first call may
 * still be billed).
 */
async function post(
  url: string,
  init: RequestInit,
  options: GenerateOptions,
  call: CallContext["call"],
): Promise<Answer> {
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
    if (timedOut) throw timeoutError(call !== "image");
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
  const generationConfig = generationConfigFor(call, options.generationConfig);
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
      const answer = await post(url, { method: "POST", headers: sent, body: json }, options, call);
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
