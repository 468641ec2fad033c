/**
 * Reading the AI's answers as they pass through the proxy (api/ai.ts), to decide what they count: an
 * image-model answer with an image, a streamed text answer that completes. An event stream is passed
 * through piece by piece while it is watched; the reservation is finished exactly when it ends.
 */
import { DELIVERED_FINISH_REASONS } from "../../src/config/gemini-calls.ts";
import { geminiError, MESSAGES, REASONS, usageHeaders } from "./ai-errors.ts";
import { isObject, type Call } from "./ai-request.ts";
import type { UsageStatus } from "./usage.ts";

/** Whether a generateContent answer carries an image (a non-thought inline image part). */
export function answerHasImage(body: unknown): boolean {
  if (!isObject(body) || !Array.isArray(body.candidates)) return false;
  return body.candidates.some((candidate) => {
    if (!isObject(candidate) || !isObject(candidate.content) || !Array.isArray(candidate.content.parts))
      return false;
    return candidate.content.parts.some(
      (part) => isObject(part) && part.thought !== true && isObject(part.inlineData ?? part.inline_data),
    );
  });
}

/**
 * Splits an event stream into its events, each handed on as parsed JSON: `data:` lines joined, or a
 * bare JSON object (an error may arrive without the prefix, docs/gemini.md). Blocks that are not JSON
 * (comments, keep-alives) are skipped. One reader for everything the proxy watches in a stream.
 */
export class SseEvents {
  private buffer = "";
  private readonly decoder = new TextDecoder();

  constructor(private readonly onEvent: (event: unknown) => void) {}

  push(chunk: Uint8Array): void {
    this.buffer += this.decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
    const blocks = this.buffer.split("\n\n");
    this.buffer = blocks.pop() ?? "";
    for (const block of blocks) this.block(block);
  }

  finish(): void {
    this.buffer += this.decoder.decode();
    if (this.buffer.trim()) this.block(this.buffer);
    this.buffer = "";
  }

  private block(block: string): void {
    const lines = block.split("\n");
    const data = lines.some((line) => line.startsWith("data:"))
      ? lines
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n")
      : block;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    this.onEvent(event);
  }
}

/**
 * Follows an SSE stream of GenerateContentResponse events: complete once a candidate finished with a
 * reason that delivers the answer (STOP, or MAX_TOKENS: the page shows the text, so it counts; one rule
 * with the page, src/config/gemini-calls.ts) after some text, and failed when an error object arrives
 * (with or without a `data:` prefix) or another finish reason does (SAFETY, RECITATION...).
 */
export class StreamWatcher {
  private text = false;
  private stopped = false;
  private failed = false;
  private readonly events = new SseEvents((event) => this.read(event));

  push(chunk: Uint8Array): void {
    this.events.push(chunk);
  }

  finish(): void {
    this.events.finish();
  }

  get completed(): boolean {
    return this.stopped && this.text && !this.failed;
  }

  private read(event: unknown): void {
    if (!isObject(event)) return;
    if (event.error !== undefined) {
      this.failed = true;
      return;
    }
    if (!Array.isArray(event.candidates)) return;
    for (const candidate of event.candidates) {
      if (!isObject(candidate)) continue;
      const parts = isObject(candidate.content) ? candidate.content.parts : undefined;
      if (Array.isArray(parts)) {
        for (const part of parts) {
          if (isObject(part) && part.thought !== true && typeof part.text === "string" && part.text.trim())
            this.text = true;
        }
      }
      if (typeof candidate.finishReason !== "string") continue;
      if (DELIVERED_FINISH_REASONS.includes(candidate.finishReason)) this.stopped = true;
      else this.failed = true;
    }
  }
}

export /** The answer's own headers that the client reads (type, Retry-After), plus ours. */
function passHeaders(upstream: Response, extra: Record<string, string>): Headers {
  const headers = new Headers({ "cache-control": "no-store", ...extra });
  const type = upstream.headers.get("content-type");
  if (type) headers.set("content-type", type);
  const retryAfter = upstream.headers.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
}

/**
 * Something else that reads the stream as it passes (the call's record, ai-calls.ts AnswerTally): fed
 * the same chunks, and told whether the stream broke off or its reader cancelled it before the
 * reservation is finished.
 */
export type StreamReader = {
  push(chunk: Uint8Array): void;
  finish(): void;
  broke: boolean;
  cancelled: boolean;
};

export /**
 * Passes an event stream through piece by piece, watching it: it counts 1 when it completes, and
 * releases the reservation when it fails, is cut short, or the caller goes away. `also` reads the same
 * chunks in the same pass.
 */
function streamThrough(
  upstream: Response,
  finish: (count: number) => Promise<UsageStatus | null>,
  headers: Record<string, string>,
  also?: StreamReader,
): Response {
  const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
  const watcher = new StreamWatcher();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (also) also.broke = true;
        await finish(0);
        controller.error(error);
        return;
      }
      if (chunk.done) {
        watcher.finish();
        also?.finish();
        await finish(watcher.completed ? 1 : 0);
        controller.close();
        return;
      }
      watcher.push(chunk.value);
      also?.push(chunk.value);
      controller.enqueue(chunk.value);
    },
    async cancel(reason) {
      if (also) also.cancelled = true;
      await reader.cancel(reason).catch(() => undefined);
      await finish(0);
    },
  });
  return new Response(body, { status: upstream.status, headers: passHeaders(upstream, headers) });
}

/**
 * What a whole (not streamed through) successful answer counts: 1 for an image-model answer with an
 * image, 1 for a complete answer of the stream endpoint sent in one piece, else 0 (the custom prompt's
 * analysis step).
 */
export function wholeAnswerCount(call: Call, text: string): number {
  if (call.kind === "image") {
    try {
      return answerHasImage(JSON.parse(text)) ? 1 : 0;
    } catch {
      return 0;
    }
  }
  if (call.method !== "streamGenerateContent") return 0;
  const watcher = new StreamWatcher();
  watcher.push(new TextEncoder().encode(text));
  watcher.finish();
  return watcher.completed ? 1 : 0;
}

/** The upstream could not be reached or broke off: 504 after the proxy's timeout, else 502. */
export function upstreamFailed(timedOut: boolean, status: UsageStatus | null): Response {
  const headers = usageHeaders(status);
  return timedOut
    ? geminiError(504, REASONS.timeout, MESSAGES.timeout, { headers })
    : geminiError(502, REASONS.unreachable, MESSAGES.unreachable, { headers });
}

/**
 * A whole (not event-stream) answer up to this size is read before it is answered, with the count it
 * made in its headers: every error, every text answer, a 1K picture. A larger one (a 2K or 4K picture,
 * tens of MB of base64) is passed through as it arrives: a host answers a buffered response of at most
 * a few MB (Vercel 4.5 MB), a streamed one with no such limit.
 */
export const WHOLE_ANSWER_BUFFER_BYTES = 4 * 1024 * 1024;

/** `"` and `\`: where a string being skipped may end. */
const STRING_SPECIAL = /["\\]/g;

/**
 * A copy of a JSON text as it streams past, with every string value cut to its first `keep` characters (keys are kept): the
 * answer's structure, usage and finish reasons, without the megabytes of a picture's base64. JSON.parse
 * reads the copy (an inline image is still an object with a `data` string, so answerHasImage and the
 * tally read it as they read the whole). A string is cut only after a whole escape, never inside one.
 */
export class LeanJson {
  private readonly pieces: string[] = [];
  private readonly decoder = new TextDecoder();
  private inString = false;
  /** 0: none; -1: just after a backslash; n > 0: hex digits of a \uXXXX still to come. */
  private escape = 0;
  private kept = 0;
  private skipping = false;
  private isKey = false;
  private expectingKey = false;
  /** The open objects and arrays, "{" or "[". */
  private readonly containers: string[] = [];

  constructor(private readonly keep = 256) {}

  push(chunk: Uint8Array): void {
    this.scan(this.decoder.decode(chunk, { stream: true }));
  }

  /** The lean copy, once the whole answer has passed. */
  text(): string {
    this.scan(this.decoder.decode());
    return this.pieces.join("");
  }

  private scan(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (!this.inString) {
        const c = text[i];
        if (c === '"') {
          this.inString = true;
          this.kept = 0;
          // An object's key is kept whole: only values are cut.
          this.isKey = this.containers.at(-1) === "{" && this.expectingKey;
        } else if (c === "{" || c === "[") {
          this.containers.push(c);
          this.expectingKey = c === "{";
        } else if (c === "}" || c === "]") {
          this.containers.pop();
          this.expectingKey = false;
        } else if (c === ",") this.expectingKey = this.containers.at(-1) === "{";
        else if (c === ":") this.expectingKey = false;
        continue;
      }
      if (this.skipping && this.escape === 0) {
        // Jump to the next quote or backslash: a picture's base64 has neither.
        STRING_SPECIAL.lastIndex = i;
        const next = STRING_SPECIAL.exec(text);
        if (!next) break;
        i = next.index;
      }
      const c = text[i];
      if (this.escape === -1) this.escape = c === "u" ? 4 : 0;
      else if (this.escape > 0) this.escape -= 1;
      else if (c === "\\") this.escape = -1;
      else if (c === '"') {
        this.inString = false;
        if (this.skipping) {
          this.skipping = false;
          start = i;
        }
        continue;
      }
      if (this.skipping || this.isKey) continue;
      this.kept += 1;
      if (this.kept >= this.keep && this.escape === 0) {
        this.pieces.push(text.slice(start, i + 1));
        this.skipping = true;
      }
    }
    if (!this.skipping) this.pieces.push(text.slice(start));
  }
}

/** How a whole answer passed through ended: read to its end (the lean copy), broken off, or cancelled. */
export type WholeEnd = { lean: string } | { failure: "broke" | "cancelled" };

/**
 * Reads a whole answer up to `limit` bytes. `bytes` when it ended within them (or broke off: null);
 * else the answer passed through as it arrives: what was read first, then the rest, piece by piece,
 * never held in one buffer, and `settle` told how it ended (exactly once) before the stream closes.
 */
export async function readOrPassWhole(
  upstream: Response,
  limit: number,
  settle: (end: WholeEnd) => Promise<unknown>,
  headers: Record<string, string>,
): Promise<{ bytes: Uint8Array | null } | { response: Response }> {
  if (!upstream.body) return { bytes: new Uint8Array(await upstream.arrayBuffer()) };
  const reader = upstream.body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= limit) {
      const chunk = await reader.read();
      if (chunk.done) {
        const bytes = new Uint8Array(size);
        let at = 0;
        for (const piece of head) {
          bytes.set(piece, at);
          at += piece.byteLength;
        }
        return { bytes };
      }
      head.push(chunk.value);
      size += chunk.value.byteLength;
    }
  } catch {
    return { bytes: null };
  }
  const lean = new LeanJson();
  for (const piece of head) lean.push(piece);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const first = head.shift();
      if (first) {
        controller.enqueue(first);
        return;
      }
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        await settle({ failure: "broke" });
        controller.error(error);
        return;
      }
      if (chunk.done) {
        await settle({ lean: lean.text() });
        controller.close();
        return;
      }
      lean.push(chunk.value);
      controller.enqueue(chunk.value);
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
      await settle({ failure: "cancelled" });
    },
  });
  return {
    response: new Response(body, { status: upstream.status, headers: passHeaders(upstream, headers) }),
  };
}
