import { delay, http, HttpResponse } from "msw";
import { fixtureText, fixtureStatus, GEMINI_BASE_URL, type GeminiFixtureName } from "./gemini";

/** The recorded Gemini event streams in tests/fixtures/gemini, by file name, as their exact text. */
const SSE_FIXTURES = import.meta.glob<string>("../fixtures/gemini/*.sse", {
  eager: true,
  query: "?raw",
  import: "default",
});

export type GeminiStreamFixtureName =
  | "stream-text-success.sse"
  | "stream-safety-stop.sse"
  /** Some text, then an error as a bare JSON object (no `data:` prefix), as Gemini sends it mid-stream. */
  | "stream-error-bare-503.sse";

export function streamFixtureText(name: GeminiStreamFixtureName): string {
  const text = SSE_FIXTURES[`../fixtures/gemini/${name}`];
  if (text === undefined) throw new Error(`No Gemini stream fixture ${name} in tests/fixtures/gemini`);
  return text;
}

/** An SSE body made of GenerateContentResponse chunks (one `data:` event each). */
export function sseOf(chunks: unknown[], lineEnd = "\n"): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}${lineEnd}${lineEnd}`).join("");
}

/** One text chunk as Gemini streams it; `finishReason` on the last one. */
export function textChunk(text: string, finishReason?: string): unknown {
  return {
    candidates: [
      { content: { role: "model", parts: [{ text }] }, index: 0, ...(finishReason ? { finishReason } : {}) },
    ],
    modelVersion: "gemini-3.8-flash",
  };
}

/** One answer of the fake stream endpoint. */
export type GeminiStreamReply =
  /** An event stream: a fixture or raw SSE text, sent in pieces (`pieceSize` characters, `gapMs` apart). */
  | {
      sse: GeminiStreamFixtureName | { raw: string };
      pieceSize?: number;
      gapMs?: number;
      /** Cut the connection after this many characters (an early end that is not a clean close). */
      dropAfter?: number;
      contentType?: string;
    }
  /** An ordinary HTTP answer before any stream (errors, or a proxy's non-stream body). */
  | { fixture: GeminiFixtureName; status?: number; headers?: Record<string, string> }
  | { text: string; status: number; contentType?: string }
  | { networkError: true }
  | { hang: true };

export type GeminiStreamRequest = { url: URL; model: string; headers: Headers; body: unknown };

function streamBody(text: string, pieceSize: number, gapMs: number, dropAfter?: number) {
  const encoder = new TextEncoder();
  const end = dropAfter ?? text.length;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      for (let i = 0; i < end; i += pieceSize) {
        if (gapMs > 0 && i > 0) await delay(gapMs);
        controller.enqueue(encoder.encode(text.slice(i, Math.min(end, i + pieceSize))));
      }
      if (dropAfter !== undefined) controller.error(new TypeError("terminated"));
      else controller.close();
    },
  });
}

function respond(reply: GeminiStreamReply): Response | Promise<Response> {
  if ("sse" in reply) {
    const text = typeof reply.sse === "string" ? streamFixtureText(reply.sse) : reply.sse.raw;
    return new HttpResponse(streamBody(text, reply.pieceSize ?? 64, reply.gapMs ?? 0, reply.dropAfter), {
      status: 200,
      headers: { "Content-Type": reply.contentType ?? "text/event-stream" },
    });
  }
  if ("fixture" in reply) {
    return new HttpResponse(fixtureText(reply.fixture), {
      status: reply.status ?? fixtureStatus(reply.fixture),
      headers: { "Content-Type": "application/json", ...reply.headers },
    });
  }
  if ("text" in reply) {
    return new HttpResponse(reply.text, {
      status: reply.status,
      headers: { "Content-Type": reply.contentType ?? "text/html" },
    });
  }
  if ("networkError" in reply) return HttpResponse.error();
  return delay("infinite").then(() => HttpResponse.error());
}

/**
 * POST {baseUrl}/v1beta/models/{model}:streamGenerateContent answering `replies` in order (the last
 * one repeats). Any other path falls through to the next handler (e.g. geminiHandler for the
 * generateContent fallback). `requests` records what was received.
 */
export function geminiStreamHandler(
  replies: GeminiStreamReply | GeminiStreamReply[],
  baseUrl = GEMINI_BASE_URL,
) {
  const queue = Array.isArray(replies) ? replies : [replies];
  if (queue.length === 0) throw new Error("geminiStreamHandler needs at least one reply");
  const requests: GeminiStreamRequest[] = [];
  const handler = http.post(`${baseUrl}/v1beta/models/*`, async ({ request }) => {
    const url = new URL(request.url);
    const match = /\/v1beta\/models\/([^/]+):streamGenerateContent$/.exec(url.pathname);
    if (!match?.[1]) return undefined;
    const raw = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      body = raw;
    }
    requests.push({ url, model: decodeURIComponent(match[1]), headers: request.headers, body });
    const reply = queue[Math.min(requests.length - 1, queue.length - 1)];
    if (!reply) throw new Error("unreachable: the queue is not empty");
    return respond(reply);
  });
  return { handler, requests };
}
