/**
 * What a Gemini stream's events mean: each event's JSON read into text pieces and the finish reason,
 * and the failures a stream can carry (an error event or a bare JSON error block, a blocked or stopped
 * answer, a stream cut off before its final chunk, or a body that is not Gemini's).
 */
import { DELIVERED_FINISH_REASONS } from "@/config/gemini-calls";
import { ADVICE } from "./advice";
import { GeminiError, MESSAGES } from "./errors";
import { noResult, parseJson, readReply, type CallContext, type Reply } from "./parse";
import { eventData } from "./sse";

/** The message and advice of a stream that stopped before its final chunk. */
export const STREAM_MESSAGES = {
  endedEarly: "The AI's answer stopped before it was complete.",
  endedEarlyAdvice: "The connection to the AI dropped in the middle of the answer: try again.",
} as const;

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A stream cut off before its final chunk (a dropped connection): worth another try. */
export function endedEarlyError(cause?: unknown): GeminiError {
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

/**
 * An error object found inside the stream, with the HTTP status of its code: stream.ts reads it as it
 * reads an HTTP error (client.lazy.ts, fetched with the first error).
 */
export class ErrorInStream extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    super(`An error (${status}) inside the stream.`);
    this.status = status;
    this.body = body;
  }
}

function streamError(body: JsonObject & { error: JsonObject }): ErrorInStream {
  const { code, status } = body.error;
  const http =
    typeof code === "number" && code >= 400 && code < 600
      ? code
      : ((typeof status === "string" ? RPC_STATUS[status] : undefined) ?? 500);
  return new ErrorInStream(http, body);
}

/**
 * An error object sent as a block of bare JSON, with no `data:` prefix (docs/gemini.md "How failure looks"):
 * `{"error":{...}}`, on one line or pretty-printed, or such an object in an array.
 */
export function bareErrorBody(block: string): (JsonObject & { error: JsonObject }) | undefined {
  const parsed = parseJson(block);
  const body = Array.isArray(parsed) ? (parsed as unknown[])[0] : parsed;
  return isObject(body) && isObject(body.error) ? (body as JsonObject & { error: JsonObject }) : undefined;
}

/** What the stream has said so far: its text, and the first chunk's block and last finish reason. */
type StreamState = { text: string; finishReason?: string; blockReason?: string };

/** Reads one event's JSON into the state; throws for an error event or a blocked / stopped answer. */
function readChunk(data: string, state: StreamState, ctx: CallContext): string {
  const body = parseJson(data);
  if (!isObject(body)) throw badStreamError();
  if (isObject(body.error)) throw streamError(body as JsonObject & { error: JsonObject });
  const reply: Reply = readReply(body);
  const piece = reply.texts.join("");
  if (reply.blockReason) state.blockReason = reply.blockReason;
  if (reply.finishReason) state.finishReason = reply.finishReason;
  if (reply.blockReason || (reply.finishReason && !DELIVERED_FINISH_REASONS.includes(reply.finishReason))) {
    // SAFETY, RECITATION, OTHER...: a failure even when some text came first. STOP and MAX_TOKENS end
    // a delivered poem (the proxy counts it by the same rule, api/_lib/ai-answer.ts).
    throw noResult({ ...reply, texts: [] }, ctx);
  }
  return piece;
}

/**
 * Reads one attempt's events in order: each non-empty text piece goes to `onText` with the text so
 * far, and the first failure is thrown (an ErrorInStream for an error object). `finish` gives the
 * whole text (trimmed) once the stream has ended, or throws when it ended without its final chunk or
 * with no text.
 */
export function streamEventReader(
  ctx: CallContext,
  onText: ((text: string, piece: string) => void) | undefined,
) {
  const state: StreamState = { text: "" };
  return {
    read(events: string[]) {
      for (const block of events) {
        const data = eventData(block);
        if (data === undefined) {
          // Not an event: an error object sent as bare JSON is that error; anything else is skipped.
          const bare = bareErrorBody(block);
          if (bare) throw streamError(bare);
          continue;
        }
        if (data.trim() === "[DONE]") continue;
        const piece = readChunk(data, state, ctx);
        if (piece !== "") {
          state.text += piece;
          onText?.(state.text, piece);
        }
      }
    },
    finish(): string {
      // A stream that ends without its final chunk was cut off (a dropped connection).
      if (!state.finishReason) throw endedEarlyError();
      const text = state.text.trim();
      if (text === "") throw noResult({ hasCandidate: true, images: [], texts: [] }, ctx);
      return text;
    },
  };
}
