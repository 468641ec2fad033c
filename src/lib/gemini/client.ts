/**
 * The one Gemini client: generateContent over fetch (docs/gemini.md "Request"), with a per-attempt timeout,
 * the caller's cancel signal, and the retry policy of retry.ts. A hosted target (the app's proxy) gets
 * the user's session on every attempt instead of a key, asks for a role (image or text) rather than a
 * model, and its answers report the server's count (client.lazy.ts, loaded with the first such call).
 */
import { PAGE_IMAGE_TIMEOUT_MS, PAGE_TEXT_TIMEOUT_MS } from "@/config/ai-timeouts";
import { defaultThinking } from "@/config/gemini-calls";
import { imageConfigOf, type ImageOutput } from "@/config/image-output";
import { encodeToolInput, TOOL_HEADER, TOOL_INPUT_HEADER, type ToolInput } from "@/config/tool-input";
import type { ToolId } from "@/tools/registry";
import { untilAborted } from "@/lib/until-aborted";
import { callImageWorker, inImageWorkerOr } from "@/lib/image/worker-client";
import { readAnswerBody } from "./answer-body";
import { imageLostError, timeoutError } from "./advice";
import { cancelledError, offlineError } from "./errors";
import {
  imageFromResponse,
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
  /**
   * Merged over the defaults: image calls default responseModalities to ["TEXT", "IMAGE"], and a call to
   * a default model asks for the app's thinking level (src/config/gemini-calls.ts).
   */
  generationConfig?: Record<string, unknown>;
  /**
   * The shape and size of an image call's answer (config/image-output.ts), sent as
   * generationConfig.imageConfig over the caller's; nothing for "Same as photo" at 1K.
   */
  output?: ImageOutput;
  /**
   * The tool that makes the call, sent as x-cucumber-tool to the app's proxy and the local engine (the
   * proxy records it for cost reports); never to Google.
   */
  tool?: ToolId;
  /**
   * What the local preview engine needs to answer this tool's call (a scene's kind and place, a card's
   * occasion, ...), from the values the tool has rather than its prompt's words: sent as
   * x-cucumber-tool-input (src/config/tool-input.ts) wherever x-cucumber-tool goes, never to Google. The
   * proxy passes it on only to the local engine.
   */
  toolInput?: ToolInput;
  signal?: AbortSignal;
  /**
   * Per attempt; default PAGE_IMAGE_TIMEOUT_MS for an image call and PAGE_TEXT_TIMEOUT_MS.analysis for
   * a text call (src/config/ai-timeouts.ts). A timed-out image call is not retried.
   */
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

export const DEFAULT_MAX_ATTEMPTS = 3;

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

/**
 * The generationConfig of a call: the thinking level of a default model and the image defaults under
 * the caller's, less what is never sent. (The app's proxy sets its own thinking level over it.)
 */
export function generationConfigFor(
  call: CallContext["call"],
  model: string,
  config: Record<string, unknown> = {},
  output?: ImageOutput,
): Record<string, unknown> {
  const thinking = defaultThinking(call, model);
  const merged: Record<string, unknown> = {
    ...(thinking ? { thinkingConfig: thinking } : {}),
    ...(call === "image" ? IMAGE_DEFAULTS : {}),
    ...config,
  };
  const imageConfig = call === "image" ? imageConfigOf(output) : undefined;
  if (imageConfig) {
    const own = merged.imageConfig;
    merged.imageConfig = { ...(own && typeof own === "object" ? own : {}), ...imageConfig };
  }
  if (call === "image") for (const name of UNSENT_ON_IMAGE_CALLS) delete merged[name];
  return merged;
}

/**
 * Where a call goes. The app's proxy is asked for a role, `models/image` or `models/text`, whatever
 * model this build names: the server calls the model it is configured with. Every other target gets
 * the model's ID.
 */
export function callUrl(
  target: GeminiTarget,
  call: CallContext["call"],
  model: string,
  method: "generateContent" | "streamGenerateContent?alt=sse",
): string {
  const id = target.source === "hosted" ? call : encodeURIComponent(model.replace(/^models\//, ""));
  return `${target.baseUrl.replace(/\/+$/, "")}/v1beta/models/${id}:${method}`;
}

/**
 * The headers of every attempt (a hosted attempt adds the session): the key in a header, never in the
 * URL (it stays out of logs, history and error messages), and the tool and its input for the app's own
 * servers only: a request to Google (a typed or built-in key) never names them.
 */
export function callHeaders(
  target: GeminiTarget,
  { tool, toolInput }: Pick<GenerateOptions, "tool" | "toolInput">,
  extra: Record<string, string> = {},
) {
  const headers: Record<string, string> = { "Content-Type": "application/json", ...extra };
  if (target.apiKey) headers["x-goog-api-key"] = target.apiKey;
  if (target.source === "hosted" || target.source === "local-engine") {
    if (tool) headers[TOOL_HEADER] = tool;
    if (toolInput) headers[TOOL_INPUT_HEADER] = encodeToolInput(toolInput);
  }
  return headers;
}

/**
 * Answers from this size up are read by the image worker (an image call's answer that came with its
 * picture): parsing a 4K answer's JSON and decoding its base64 took the page's thread about 130 ms each
 * (bench:variants), and left a 19 MB string to collect.
 */
export const WORKER_ANSWER_BYTES = 256 * 1024;

/** The body of an answer (answer-body.ts): in the image worker when it is a large image answer. */
async function readAnswer(body: Blob, picture: boolean): Promise<unknown> {
  if (!picture || body.size < WORKER_ANSWER_BYTES) return readAnswerBody(body);
  return inImageWorkerOr(
    async () => (await callImageWorker<"answer">({ op: "answer", body })).body,
    () => readAnswerBody(body),
  );
}

type Answer = { status: number; ok: boolean; body: unknown; headers: Headers; retryAfterMs?: number };

/**
 * The GeminiError of a non-OK answer (or of an error inside a stream): the proxy's reading in hosted
 * mode, else httpError's, whose code (client.lazy.ts) is fetched with the first answer that failed (no
 * page's first load carries it). When it cannot be fetched, the connection failed: for an image call,
 * after the answer came (it is not sent again).
 */
export async function answerError(
  { status, body, retryAfterMs }: { status: number; body: unknown; retryAfterMs?: number },
  ctx: CallContext,
  hosted: HostedClient | undefined,
) {
  if (hosted) return hosted.proxyError(status, body, ctx, retryAfterMs);
  try {
    return (await import("./client.lazy")).httpError(status, body, ctx, retryAfterMs);
  } catch (e) {
    return ctx.call === "image" ? imageLostError(true, e) : offlineError(e);
  }
}

export type HostedClient = typeof import("./client.lazy");

/** Hosted mode's part of the client (client.lazy.ts, fetched with the first call through the proxy). */
export async function hostedClient(): Promise<HostedClient> {
  try {
    return await import("./client.lazy");
  } catch (e) {
    throw offlineError(e);
  }
}

/**
 * One request and its body, within `timeoutMs`; failures become timeout, cancelled or offline errors.
 * Offline before sending, nothing leaves (an offline error, retried like any). Once the request has
 * left, a text call that fails on the way is retried; an image call is not (docs/gemini.md "Retry
 * policy": the picture may have been made and billed), whether the connection failed before any answer
 * or while the answer came down, or the time ran out.
 */
async function post(
  url: string,
  init: RequestInit,
  options: GenerateOptions,
  call: CallContext["call"],
): Promise<Answer> {
  const { signal } = options;
  if (signal?.aborted) throw cancelledError(signal.reason);
  // (Not lib/connection's isOnline: a module of the entry chunk here would pull the streaming client
  // into every tool page's first load, see gemini-calls.ts.)
  if (typeof navigator !== "undefined" && navigator.onLine === false) {
    throw offlineError(new Error("The browser is offline: nothing was sent."));
  }
  const controller = new AbortController();
  let timedOut = false;
  let answered = false;
  const onCancel = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onCancel, { once: true });
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort(new DOMException("The AI took too long to answer.", "TimeoutError"));
    },
    options.timeoutMs ?? (call === "image" ? PAGE_IMAGE_TIMEOUT_MS : PAGE_TEXT_TIMEOUT_MS.analysis),
  );
  try {
    const exchange = async (): Promise<Answer> => {
      const response = await fetch(url, { ...init, signal: controller.signal });
      answered = true;
      const body = await response.blob();
      options.onAnswered?.(response.ok);
      return {
        status: response.status,
        ok: response.ok,
        body: await readAnswer(body, response.ok && call === "image"),
        headers: response.headers,
        retryAfterMs: parseRetryAfter(response.headers.get("retry-after")),
      };
    };
    return await untilAborted(exchange(), controller.signal);
  } catch (e) {
    if (signal?.aborted) throw cancelledError(signal.reason);
    if (timedOut) throw timeoutError(call);
    // The request may have reached the server (fetch rejects with a TypeError when the connection
    // fails, before or after it was sent), and an answer that had begun certainly did.
    if (call === "image") throw imageLostError(answered, e);
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
  const generationConfig = generationConfigFor(call, model, options.generationConfig, options.output);
  const body = {
    contents: [{ role: "user", parts: options.parts }],
    ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
  };
  const headers = callHeaders(target, options);
  const url = callUrl(target, call, model, "generateContent");
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
      if (!answer.ok) throw await answerError(answer, ctx, hosted);
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
