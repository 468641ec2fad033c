import { delay, http, HttpResponse, type JsonBodyType } from "msw";

/** The Gemini base URL the tests point the client at (any model under it is answered). */
export const GEMINI_BASE_URL = "http://gemini.test";

/** The recorded Gemini answers in tests/fixtures/gemini, by file name, as their exact text. */
const FIXTURES = import.meta.glob<string>("../fixtures/gemini/*.json", {
  eager: true,
  query: "?raw",
  import: "default",
});

export type GeminiFixtureName =
  | "error-400-api-key-invalid.json"
  | "error-400-failed-precondition-billing.json"
  | "error-400-failed-precondition-region.json"
  | "error-403-key-leaked.json"
  | "error-403-permission-denied.json"
  | "error-403-service-disabled.json"
  | "error-404-model-not-found.json"
  | "error-429-daily-quota.json"
  | "error-429-quota.json"
  | "error-500-internal.json"
  | "error-503-overloaded.json"
  | "finish-image-safety.json"
  | "finish-no-image.json"
  | "image-only-success.json"
  | "image-success.json"
  | "no-candidates.json"
  | "prompt-blocked.json"
  | "text-instead-of-image.json"
  | "text-success.json";

export function fixtureText(name: GeminiFixtureName): string {
  const text = FIXTURES[`../fixtures/gemini/${name}`];
  if (text === undefined) throw new Error(`No Gemini fixture ${name} in tests/fixtures/gemini`);
  return text;
}

/** A fixture as a fresh object, to build variants of it (e.g. add a thought part). */
export function fixtureJson(name: GeminiFixtureName): JsonBodyType {
  return JSON.parse(fixtureText(name)) as JsonBodyType;
}

/** One answer of the fake Gemini: a fixture (status defaults to 200), any JSON, raw text, or a failure. */
export type GeminiReply =
  | { fixture: GeminiFixtureName; status?: number; headers?: Record<string, string> }
  | { json: JsonBodyType; status?: number }
  | { text: string; status?: number; contentType?: string }
  | { networkError: true }
  /** Never answers: for timeouts and cancelling during a request. */
  | { hang: true };

/** What the fake Gemini received. */
export type GeminiRequest = {
  url: URL;
  model: string;
  headers: Headers;
  body: unknown;
};

/** The HTTP status a fixture stands for: the number in an error-* name, else 200. */
export function fixtureStatus(name: GeminiFixtureName): number {
  const match = /^error-(\d{3})-/.exec(name);
  return match ? Number(match[1]) : 200;
}

function respond(reply: GeminiReply): Response | Promise<Response> {
  if ("fixture" in reply) {
    return new HttpResponse(fixtureText(reply.fixture), {
      status: reply.status ?? fixtureStatus(reply.fixture),
      headers: { "Content-Type": "application/json", ...reply.headers },
    });
  }
  if ("json" in reply) return HttpResponse.json(reply.json, { status: reply.status ?? 200 });
  if ("text" in reply) {
    return new HttpResponse(reply.text, {
      status: reply.status ?? 200,
      headers: { "Content-Type": reply.contentType ?? "text/html" },
    });
  }
  if ("networkError" in reply) return HttpResponse.error();
  return delay("infinite").then(() => HttpResponse.error());
}

/**
 * POST {baseUrl}/v1beta/models/{model}:generateContent answering `replies` in order; the last one repeats
 * once they run out. `requests` fills up with what was received, to assert the request shape and count.
 */
export function geminiHandler(replies: GeminiReply | GeminiReply[], baseUrl = GEMINI_BASE_URL) {
  const queue = Array.isArray(replies) ? replies : [replies];
  if (queue.length === 0) throw new Error("geminiHandler needs at least one reply");
  const requests: GeminiRequest[] = [];
  const handler = http.post(`${baseUrl}/v1beta/models/*`, async ({ request }) => {
    const url = new URL(request.url);
    const match = /\/v1beta\/models\/([^/]+):generateContent$/.exec(url.pathname);
    if (!match?.[1]) {
      return HttpResponse.json(
        { error: { code: 404, message: "Not found", status: "NOT_FOUND" } },
        { status: 404 },
      );
    }
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

/** Shorthand: every request answered with one fixture (HTTP status from the error-* name, else 200). */
export function geminiFixture(
  name: GeminiFixtureName,
  status = fixtureStatus(name),
  baseUrl = GEMINI_BASE_URL,
) {
  return geminiHandler({ fixture: name, status }, baseUrl).handler;
}
