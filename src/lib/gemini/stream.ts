/**
 * Streaming text (docs/gemini.md "Output shape, several images, streaming"):
 * `POST {base}/v1beta/models/{model}:streamGenerateContent?alt=sse` with the same headers and body as
 * generateContent, answered with server-sent events (`data: {GenerateContentResponse}` blocks separated by
 * blank lines, LF or CRLF). Each event's non-thought text parts are appended and reported as they arrive.
 * Errors before the stream starts are read exactly like generateContent's (parse.ts), and so is an error
 * inside the stream, whether a `data:` event or a bare JSON `{"error":{...}}` block with no `data:` prefix
 * (docs/gemini.md; the official SDK reads both). A stream that ends early, drops, or finishes with SAFETY
 * (etc.) fails with the matching GeminiError. Where streaming is not available (the endpoint answers 405, or
 * the body is not an event stream, as a proxy may do) the whole answer is fetched with generateText instead;
 * a 404 is a retired model (docs/gemini.md "Models"), reported at once and never asked twice.
 */
import { PAGE_TEXT_TIMEOUT_MS } from "@/config/ai-timeouts";
import {
  answerError,
  callHeaders,
  callUrl,
  generateText,
  generationConfigFor,
  hostedClient,
  DEFAULT_MAX_ATTEMPTS,
  type GenerateOptions,
  type HostedClient,
} from "./client";
import { timeoutError } from "./advice";
import { cancelledError, GeminiError, MESSAGES, offlineError } from "./errors";
import { parseJson, parseRetryAfter, type CallContext } from "./parse";
import { withRetry } from "./retry";
import { takeEvents } from "./sse";
import { endedEarlyError, ErrorInStream, streamEventReader } from "./stream-events";

export type StreamTextOptions = GenerateOptions & {
  /**
   * Called with the whole text so far and the piece just added, each time a piece arrives. After a
   * failed attempt that is retried, the next attempt starts again from an empty text.
   */
  onText?: (text: string, piece: string) => void;
};

/** The stream endpoint is not there (or a proxy does not pass it through): use generateContent. */
class StreamUnavailable extends Error {}

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
  const timeoutMs = options.timeoutMs ?? PAGE_TEXT_TIMEOUT_MS.poem;
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
      const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
      throw await answerError({ status: response.status, body: parseJson(text), retryAfterMs }, ctx, hosted);
    }
    if (!/^text\/event-stream\b/i.test(type.trim()) || !response.body) {
      void response.body?.cancel().catch(() => undefined);
      throw new StreamUnavailable(`stream endpoint answered ${type || "no content type"}`);
    }

    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    const events = streamEventReader(ctx, options.onText);
    let buffer = "";
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
        const { events: whole, rest } = takeEvents(buffer);
        buffer = rest;
        events.read(whole);
      }
      events.read(takeEvents(buffer, true).events);
    } catch (e) {
      // An error object inside the stream: read as an HTTP error of its code.
      if (e instanceof ErrorInStream) throw await answerError(e, ctx, hosted);
      throw e;
    } finally {
      void reader.cancel().catch(() => undefined);
    }
    return events.finish();
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
  const generationConfig = generationConfigFor("text", model, options.generationConfig);
  const body = {
    contents: [{ role: "user", parts: options.parts }],
    ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
  };
  // The key in a header, the tool and its input only to the app's own servers, the role to the proxy (client.ts).
  const headers = callHeaders(target, options, { Accept: "text/event-stream" });
  const url = callUrl(target, "text", model, "streamGenerateContent?alt=sse");
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
