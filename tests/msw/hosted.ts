import { delay, http, HttpResponse } from "msw";
import { fixtureText, fixtureStatus, type GeminiFixtureName } from "./gemini";
import { SUPABASE_URL } from "./supabase";

/**
 * Hosted mode's server side, as the client sees it: the AI proxy on the app's own origin (api/ai.ts,
 * Gemini's protocol with the user's session and the x-conversions-* headers) and the user's `usage` row.
 */
export const HOSTED_AI_URL = `${window.location.origin}/api/ai`;

/** The server's count after an answer (x-conversions-used, -limit, -remaining). */
export type ServerCount = { used: number; limit: number; remaining: number };

/** The proxy's own refusals (ErrorInfo reason, domain cucumber.ai). */
export type ProxyRefusal =
  | "SESSION_INVALID"
  | "CONVERSION_LIMIT_REACHED"
  | "RATE_LIMITED"
  | "MODEL_NOT_ALLOWED"
  | "TOO_MANY_IMAGES"
  | "INVALID_REQUEST"
  | "REQUEST_TOO_LARGE"
  | "AI_NOT_CONFIGURED"
  | "PLAN_REQUIRED"
  | "IMAGE_OUTPUT_NOT_SUPPORTED";

const REFUSALS: Record<ProxyRefusal, { code: number; status: string; message: string }> = {
  SESSION_INVALID: { code: 401, status: "UNAUTHENTICATED", message: "Please log in again to use the AI." },
  CONVERSION_LIMIT_REACHED: {
    code: 403,
    status: "PERMISSION_DENIED",
    message: "You've used all your free conversions for this month",
  },
  RATE_LIMITED: {
    code: 429,
    status: "RESOURCE_EXHAUSTED",
    message: "Too many requests: please wait a moment and try again.",
  },
  MODEL_NOT_ALLOWED: {
    code: 400,
    status: "INVALID_ARGUMENT",
    message: "This AI model is not available here.",
  },
  TOO_MANY_IMAGES: { code: 400, status: "INVALID_ARGUMENT", message: "Too many images in one request." },
  PLAN_REQUIRED: {
    code: 403,
    status: "PERMISSION_DENIED",
    message: "4K images require a $30/month subscription",
  },
  IMAGE_OUTPUT_NOT_SUPPORTED: {
    code: 400,
    status: "INVALID_ARGUMENT",
    message: "This picture shape or size is not available.",
  },
  INVALID_REQUEST: {
    code: 400,
    status: "INVALID_ARGUMENT",
    message: "The request is not a valid AI request.",
  },
  REQUEST_TOO_LARGE: {
    code: 413,
    status: "INVALID_ARGUMENT",
    message: "The request is too large: use a smaller photo.",
  },
  AI_NOT_CONFIGURED: {
    code: 501,
    status: "UNIMPLEMENTED",
    message: "The AI service is not set up on this server yet.",
  },
};

/** One answer of the fake proxy. `usage` becomes the x-conversions-* headers. */
export type ProxyReply =
  | { fixture: GeminiFixtureName; status?: number; usage?: ServerCount }
  | { refusal: ProxyRefusal; usage?: ServerCount; retryDelaySeconds?: number }
  /** An event stream (raw SSE text), for streamGenerateContent. */
  | { sse: string; usage?: ServerCount }
  | { hang: true };

export type ProxyRequest = {
  url: URL;
  model: string;
  method: "generateContent" | "streamGenerateContent";
  headers: Headers;
  body: unknown;
};

function usageHeaders(usage: ServerCount | undefined): Record<string, string> {
  if (!usage) return {};
  return {
    "x-conversions-used": String(usage.used),
    "x-conversions-limit": String(usage.limit),
    "x-conversions-remaining": String(usage.remaining),
  };
}

/** A refusal as api/ai.ts answers it: Gemini's error shape with an ErrorInfo (and a RetryInfo). */
export function refusalBody(reason: ProxyRefusal, retryDelaySeconds?: number) {
  const { code, status, message } = REFUSALS[reason];
  const details: Record<string, unknown>[] = [
    { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "cucumber.ai" },
  ];
  if (retryDelaySeconds !== undefined) {
    details.push({
      "@type": "type.googleapis.com/google.rpc.RetryInfo",
      retryDelay: `${retryDelaySeconds}s`,
    });
  }
  return { error: { code, message, status, details } };
}

function respond(reply: ProxyReply): Response | Promise<Response> {
  if ("hang" in reply) return delay("infinite").then(() => HttpResponse.error());
  const headers = usageHeaders(reply.usage);
  if ("fixture" in reply) {
    return new HttpResponse(fixtureText(reply.fixture), {
      status: reply.status ?? fixtureStatus(reply.fixture),
      headers: { "Content-Type": "application/json", ...headers },
    });
  }
  if ("sse" in reply) {
    return new HttpResponse(reply.sse, { headers: { "Content-Type": "text/event-stream", ...headers } });
  }
  const { code } = REFUSALS[reply.refusal];
  const retry =
    reply.retryDelaySeconds !== undefined ? { "Retry-After": String(reply.retryDelaySeconds) } : undefined;
  return HttpResponse.json(refusalBody(reply.refusal, reply.retryDelaySeconds), {
    status: code,
    headers: { ...headers, ...retry },
  });
}

/**
 * POST /api/ai/v1beta/models/{model}:generateContent (and :streamGenerateContent) on the app's origin,
 * answering `replies` in order (the last one repeats); `requests` records what was received.
 */
export function hostedAiHandler(replies: ProxyReply | ProxyReply[]) {
  const queue = Array.isArray(replies) ? replies : [replies];
  if (queue.length === 0) throw new Error("hostedAiHandler needs at least one reply");
  const requests: ProxyRequest[] = [];
  const handler = http.post(`${HOSTED_AI_URL}/v1beta/models/*`, async ({ request }) => {
    const url = new URL(request.url);
    const match = /\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
    if (!match?.[1]) return HttpResponse.json(refusalBody("INVALID_REQUEST"), { status: 400 });
    const raw = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      body = raw;
    }
    requests.push({
      url,
      model: decodeURIComponent(match[1]),
      method: match[2] as ProxyRequest["method"],
      headers: request.headers,
      body,
    });
    const reply = queue[Math.min(requests.length - 1, queue.length - 1)];
    if (!reply) throw new Error("unreachable: the queue is not empty");
    return respond(reply);
  });
  return { handler, requests };
}

/**
 * GET /rest/v1/usage: the user's row of the month (`used`; null: no row yet). `set` changes what the
 * server holds; `requests` records each read's URL (its user_id and month filters).
 */
export function usageRowHandler(initial: number | null) {
  let used = initial;
  const requests: URL[] = [];
  const handler = http.get(`${SUPABASE_URL}/rest/v1/usage`, ({ request }) => {
    requests.push(new URL(request.url));
    // maybeSingle() asks for an object; no row is answered as an empty array by PostgREST.
    return HttpResponse.json(used === null ? [] : [{ used }]);
  });
  return {
    handler,
    requests,
    set: (value: number | null) => {
      used = value;
    },
  };
}
