/**
 * Streaming text (GEMINI.md "Output shape, several images, streaming"):
 * `POST {base}/v1beta/models/{model}:streamGenerateContent?alt=sse` with the same headers and body as
 * generateContent, answered with server-sent events (`data: {GenerateContentResponse}` blocks separated
 * by blank lines, LF or CRLF). Each event's non-thought text parts are appended and reported as they
 * arrive. Errors before the stream starts are read exactly like generateContent's (parse.ts), and so is
 * an error inside the stream, whether a `data:` event or a bare JSON `{"error":{...}}` block with no
 * `data:` prefix (GEMINI.md; the official SDK reads both). A stream that ends early, drops, or finishes
 * with SAFETY (etc.) fails with the matching GeminiError. Where streaming is not available (the endpoint
 * answers 405, or the body is not an event stream, as a proxy may do) the whole answer is fetched with
 * generateText instead; a 404 is a retired model (GEMINI.md), reported at once and never asked twice.
 */
import {
  generateText,
  hostedClient,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_TIMEOUT_MS,
  type GenerateOptions,
  type HostedClient,
} from "./client";
import { ADVICE, cancelledError, GeminiError, MESSAGES, offlineError, timeoutError } from "./errors";
import {
  httpError,
  noResult,
  parseJson,
  parseRetryAfter,
  readReply,
  type CallContext,
  type Reply,
} from "./parse";
import { withRetry } from "./retry";

export type StreamTextOptions = GenerateOptions & {
  /**
   * Called with the whole text so far and the piece just added, each time a piece arrives. After a
   * failed attempt that is retried, the next attempt starts again from an empty text.
   */
  onText?: (text: string, piece: string) => void;
};

/** The message and advice of a stream that stopped before its final chunk. */
export const STREAM_MESSAGES = {
  endedEarly: "The AI's answer stopped before it was complete.",
  endedEarlyAdvice: "The connection to the AI dropped in the middle of the answer: try again.",
} as const;

/** The stream endpoint is not there (or a proxy does not pass it through): use generateContent. */
class StreamUnavailable extends Error {}

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function endedEarlyError(cause?: unknown): GeminiError {
  return new GeminiError({
    kind: "server",
    message: STREAM_MESSAGES.endedEarly,
    advice: STREAM_MESSAGES.endedEarlyAdvice,
    retryable: true,
    cause,
  });
}

function badStreamError(): GeminiError {
  return new GeminiError({ kind: "bad-response", message: MESSAGES.badResponse, advice: ADVICE.badResponse });
}

/**
 * Splits a growing text buffer into complete SSE events. Line ends may be LF, CRLF or CR; a CR at the
 * very end waits for the next chunk (it may be the first half of a CRLF).
 */
export function takeEvents(buffer: string, final = false): { events: string[]; rest: string } {
  let text = buffer;
  let held = "";
  if (!final && text.endsWith("\r")) {
    held = "\r";
    text = text.slice(0, -1);
  }
  text = text.replace(/\r\n?/g, "\n");
  const blocks = text.split("\n\n");
  const rest = final ? "" : (blocks.pop() ?? "");
  return { events: blocks.filter((b) => b.trim() !== ""), rest: rest + held };
}

/** The data of one SSE event (its `data:` lines joined with LF), or undefined for comments and others. */
export function eventData(block: string): string | undefined {
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const name = colon === -1 ? line : line.slice(0, colon);
    if (name !== "data") continue;
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    data.push(value);
  }
  return data.length > 0 ? data.join("\n") : undefined;
}

/** The HTTP status of a google.rpc status name, for an error body that has no numeric code. */
const RPC_STATUS: Record<string, number> = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
};

/** Reads an error body found inside the stream as an HTTP error of its code (parse.ts, or hosted.ts). */
type ErrorReader = (status: number, body: unknown, ctx: CallContext) => GeminiError;

function streamError(body: JsonObject & { error: JsonObject }, ctx: CallContext, read: ErrorReader) {
  const { code, status } = body.error;
  const http =
    typeof code === "number" && code >= 400 && code < 600
      ? code
      : ((typeof status === "string" ? RPC_STATUS[status] : undefined) ?? 500);
  return read(http, body, ctx);
}

/**
 * An error object sent as a block of bare JSON, with no `data:` prefix (GEMINI.md "How failure looks"):
 * `{"error":{...}}`, on one line or pretty-printed, or such an object in an array.
 */
export function bareErrorBody(block: string): (JsonObject & { error: JsonObject }) | undefined {
  const parsed = parseJson(block);
  const body = Array.isArray(parsed) ? (parsed as unknown[])[0] : parsed;
  return isObject(body) && isObject(body.error) ? (body as JsonObject & { error: JsonObject }) : undefined;
}

const STOP_REASONS = new Set(["STOP", "MAX_TOKENS"]);

/** What the stream has said so far: its text, and the first chunk's block and last finish reason. */
type StreamState = { text: string; finishReason?: string; blockReason?: string };

/** Reads one event's JSON into the state; throws for an error event or a blocked / stopped answer. */
function readChunk(data: string, state: StreamState, ctx: CallContext, readError: ErrorReader): string {
  const body = parseJson(data);
  if (!isObject(body)) throw badStreamError();
  if (isObject(body.error)) throw streamError(body as JsonObject & { error: JsonObject }, ctx, readError);
  const reply: Reply = readReply(body);
  const piece = reply.texts.join("");
  if (reply.blockReason) state.blockReason = reply.blockReason;
  if (reply.finishReason) state.finishReason = reply.finishReason;
  if (reply.blockReason || (reply.finishReason && !STOP_REASONS.has(reply.finishReason))) {
    // SAFETY, RECITATION, OTHER...: a failure even when some text came first.
    throw noResult({ ...reply, texts: [] }, ctx);
  }
  return piece;
}

/** One streamed attempt: the full text, or a GeminiError (StreamUnavailable when there is no stream). */
async function streamOnce(
  url: string,
  init: RequestInit,
  options: StreamTextOptions,
  ctx: CallContext,
  hosted: HostedClient | undefined,
): Promise<string> {
  const { signal } = options;
  if (signal?.aborted) throw cancelledError(signal.reason);
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The timeout counts from the request and from each piece: a slow but living stream is not cut off.
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException(MESSAGES.timeout, "TimeoutError"));
    }, timeoutMs);
  };
  const onCancel = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onCancel, { once: true });
  /** A failure of the network or of our own abort, as the error the caller should see. */
  const transportError = (e: unknown, started: boolean): unknown => {
    if (signal?.aborted) return cancelledError(signal.reason);
    if (timedOut) return timeoutError();
    if (e instanceof GeminiError || e instanceof StreamUnavailable) return e;
    return started ? endedEarlyError(e) : offlineError(e);
  };
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
  });
  aborted.catch(() => undefined);
  arm();
  try {
    let response: Response;
    try {
      response = await Promise.race([fetch(url, { ...init, signal: controller.signal }), aborted]);
    } catch (e) {
      throw transportError(e, false);
    }
    // Hosted: the server's count, as the stream starts (the conversion it holds counted as not left).
    hosted?.reportUsage(options.target, response.headers);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok) {
      // 405: no stream method here. Not 404: that is a retired model, and generateContent would only
      // answer the same 404 a second time.
      if (response.status === 405) {
        void response.body?.cancel().catch(() => undefined);
        throw new StreamUnavailable(`stream endpoint answered ${response.status}`);
      }
      let text = "";
      try {
        text = await Promise.race([response.text(), aborted]);
      } catch (e) {
        throw transportError(e, false);
      }
      throw (hosted?.proxyError ?? httpError)(
        response.status,
        parseJson(text),
        ctx,
        parseRetryAfter(response.headers.get("retry-after")),
      );
    }
    if (!/^text\/event-stream\b/i.test(type.trim()) || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      throw new StreamUnavailable(`stream endpoint answered ${type || "no content type"}`);
    }

    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const state: StreamState = { text: "" };
    const readError: ErrorReader = hosted?.proxyError ?? httpError;
    let buffer = "";
    const handle = (events: string[]) => {
      for (const block of events) {
        const data = eventData(block);
        if (data === undefined) {
          // Not an event: an error object sent as bare JSON is that error; anything else is skipped.
          const bare = bareErrorBody(block);
          if (bare) throw streamError(bare, ctx, readError);
          continue;
        }
        if (data.trim() === "[DONE]") continue;
        const piece = readChunk(data, state, ctx, readError);
        if (piece !== "") {
          state.text += piece;
          options.onText?.(state.text, piece);
        }
      }
    };
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<string>;
        try {
          chunk = await Promise.race([reader.read(), aborted]);
        } catch (e) {
          throw transportError(e, true);
        }
        if (chunk.done) break;
        arm();
        buffer += chunk.value;
        const { events, rest } = takeEvents(buffer);
        buffer = rest;
        handle(events);
      }
      handle(takeEvents(buffer, true).events);
    } finally {
      void reader.cancel().catch(() => undefined);
    }

    // A stream that ends without its final chunk was cut off (a dropped connection).
    if (!state.finishReason) throw endedEarlyError();
    const text = state.text.trim();
    if (text === "") throw noResult({ hasCandidate: true, images: [], texts: [] }, ctx);
    return text;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onCancel);
  }
}

/**
 * A text or vision call whose answer streams in: resolves with the whole non-thought text (trimmed),
 * reporting every piece through `onText`. Retries follow retry.ts (maxAttempts, default 3); a stream
 * endpoint that is not available (405, or no event stream) falls back to one whole generateContent
 * answer per attempt.
 */
export async function streamText(options: StreamTextOptions): Promise<string> {
  const { target, model } = options;
  const ctx: CallContext = { call: "text", model, keySource: target.source, apiKey: target.apiKey };
  const body = {
    contents: [{ role: "user", parts: options.parts }],
    ...(options.generationConfig && Object.keys(options.generationConfig).length > 0
      ? { generationConfig: options.generationConfig }
      : {}),
  };
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream" };
  // The key goes in a header, never in the URL (as in client.ts).
  if (target.apiKey) headers["x-goog-api-key"] = target.apiKey;
  const modelId = encodeURIComponent(model.replace(/^models\//, ""));
  const url = `${target.baseUrl.replace(/\/+$/, "")}/v1beta/models/${modelId}:streamGenerateContent?alt=sse`;
  const json = JSON.stringify(body);
  const hosted =
    import.meta.env.VITE_AI_MODE === "hosted" && target.source === "hosted"
      ? await hostedClient()
      : undefined;
  let streaming = true;

  return withRetry(
    async () => {
      if (streaming) {
        // Hosted: the session as it is now, on every attempt (as in client.ts).
        const sent = hosted ? { ...headers, Authorization: await hosted.sessionHeader(target) } : headers;
        try {
          return await streamOnce(url, { method: "POST", headers: sent, body: json }, options, ctx, hosted);
        } catch (e) {
          if (!(e instanceof StreamUnavailable)) throw e;
          streaming = false;
        }
      }
      const text = await generateText({ ...options, maxAttempts: 1, onRetryWait: undefined });
      options.onText?.(text, text);
      return text;
    },
    {
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      signal: options.signal,
      onRetryWait: options.onRetryWait,
    },
  );
}
