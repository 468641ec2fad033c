/**
 * /api/ai: the hosted mode's AI proxy. The browser sends Gemini's own requests here with the user's
 * session instead of an API key; the server adds its key, and Postgres counts the conversion.
 *
 *   POST /api/ai/v1beta/models/{model}:generateContent
 *   POST /api/ai/v1beta/models/{model}:streamGenerateContent?alt=sse
 *   (a host that rewrites /api/ai/* to this one function may pass the part after /api/ai/ as ?path=)
 *
 * In order, before anything goes upstream:
 *   1. POST only; the model must be one of the two configured ones (image, text);
 *   2. the caller's `Authorization: Bearer` session, verified in-process with the project's JWT secret
 *      or JWKS (api/_lib/supabase.ts verifySession: no round trip on every AI call);
 *   3. a JSON body of at most MAX_BODY_BYTES with at most MAX_IMAGES inline images, and only Gemini's
 *      request fields (contents, generationConfig, safetySettings, systemInstruction);
 *   4. in one database call (reserve_conversion): the per-user rate limit (AI_RATE_LIMIT_PER_MINUTE,
 *      default 20; the custom prompt's analysis step also has its own, smaller one), then one
 *      conversion reserved atomically (a row lock): with none left the answer is 403 and nothing is
 *      sent upstream.
 * Then the request goes to Gemini with the server's key (GEMINI_API_KEY, never a VITE_ variable) or,
 * locally without a key, to the local preview engine, and the answer comes back unchanged: Gemini's
 * JSON or event stream, and Gemini's own error bodies, so the client's error handling, retry waits and
 * streaming work exactly as against Gemini. What counts is decided here, from the answer:
 *   - an image-model answer that carries an image: 1;
 *   - a streamed text answer that completes (a poem): 1;
 *   - a non-streamed text answer (the custom prompt's analysis step): 0.
 * Anything else (an error, an answer without an image, a stream cut short, the caller leaving, a
 * timeout) releases the reservation; one a crash leaves behind expires by itself.
 *
 * Every answer the user can be told about carries x-conversions-used, x-conversions-limit and
 * x-conversions-remaining. Refusals are Gemini-shaped errors with an ErrorInfo reason (domain
 * cucumber.ai): SESSION_INVALID 401, CONVERSION_LIMIT_REACHED 403, RATE_LIMITED 429 (with RetryInfo
 * and Retry-After), MODEL_NOT_ALLOWED / TOO_MANY_IMAGES / INVALID_REQUEST 400, REQUEST_TOO_LARGE 413,
 * METHOD_NOT_ALLOWED 405, UNSUPPORTED_MEDIA_TYPE 415, AI_NOT_CONFIGURED 501, UPSTREAM_UNREACHABLE 502,
 * UPSTREAM_TIMEOUT 504, INTERNAL 500.
 */
import {
  bearerToken,
  isJsonContentType,
  processEnv,
  readBodyCapped,
  TOO_LARGE,
  type Env,
  HTTP_MESSAGES,
  retryAfterSeconds,
} from "./_lib/http.ts";
import { aiSettings, type AiSettings } from "./_lib/ai-settings.ts";
import { serviceClient, supabaseTarget, verifySession, type SupabaseTarget } from "./_lib/supabase.ts";
import { finishConversion, reserveConversion, type RateLimit, type UsageStatus } from "./_lib/usage.ts";

export { aiSettings, type AiSettings } from "./_lib/ai-settings.ts";

export type AiProxyDeps = {
  target: SupabaseTarget;
  settings: AiSettings;
  /** The fetch used for Supabase (tests may pass a fake). */
  fetch?: typeof fetch;
  /** The fetch used for the upstream AI (tests may pass a fake). */
  upstreamFetch?: typeof fetch;
};

export const REASONS = {
  sessionInvalid: "SESSION_INVALID",
  limitReached: "CONVERSION_LIMIT_REACHED",
  rateLimited: "RATE_LIMITED",
  modelNotAllowed: "MODEL_NOT_ALLOWED",
  tooManyImages: "TOO_MANY_IMAGES",
  invalidRequest: "INVALID_REQUEST",
  tooLarge: "REQUEST_TOO_LARGE",
  methodNotAllowed: "METHOD_NOT_ALLOWED",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  notConfigured: "AI_NOT_CONFIGURED",
  unreachable: "UPSTREAM_UNREACHABLE",
  timeout: "UPSTREAM_TIMEOUT",
  internal: "INTERNAL",
} as const;

export const MESSAGES = {
  sessionInvalid: "Please log in again to use the AI.",
  /** SPEC 8, "Gates and limits". */
  limitReached: "You've used all your free conversions for this month",
  rateLimited: "Too many requests: please wait a moment and try again.",
  modelNotAllowed: "This AI model is not available here.",
  tooManyImages: "Too many images in one request.",
  invalidRequest: "The request is not a valid AI request.",
  tooLarge: "The request is too large: use a smaller photo.",
  methodNotAllowed: HTTP_MESSAGES.methodNotAllowed,
  unsupportedMediaType: HTTP_MESSAGES.unsupportedMediaType,
  notConfigured: "The AI service is not set up on this server yet.",
  unreachable: "Could not reach the AI service.",
  timeout: "The AI took too long to answer.",
  internal: "Something went wrong on our side. Please try again later.",
} as const;

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  405: "INVALID_ARGUMENT",
  413: "INVALID_ARGUMENT",
  415: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  501: "UNIMPLEMENTED",
  502: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

const ALLOWED_FIELDS = new Set(["contents", "generationConfig", "safetySettings", "systemInstruction"]);

function usageHeaders(status: UsageStatus | null | undefined): Record<string, string> {
  if (!status) return {};
  return {
    "x-conversions-used": String(status.used),
    "x-conversions-limit": String(status.limit),
    "x-conversions-remaining": String(status.remaining),
  };
}

/** A refusal in Gemini's error shape, with an ErrorInfo that names the reason. */
export function geminiError(
  code: number,
  reason: string,
  message: string,
  options: { headers?: Record<string, string>; retryAfterMs?: number } = {},
): Response {
  const details: Record<string, unknown>[] = [
    { "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "cucumber.ai" },
  ];
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    ...options.headers,
  };
  if (options.retryAfterMs !== undefined) {
    const seconds = retryAfterSeconds(options.retryAfterMs);
    details.push({ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${seconds}s` });
    headers["retry-after"] = String(seconds);
  }
  if (code === 405) headers.allow = "POST";
  const body = { error: { code, message, status: STATUS_NAMES[code] ?? "UNKNOWN", details } };
  return new Response(JSON.stringify(body), { status: code, headers });
}

type Call = { model: string; method: "generateContent" | "streamGenerateContent"; kind: "image" | "text" };

/** The model and method a request names, from its path (or the ?path= a host rewrite passes). */
export function parseCall(url: URL, settings: AiSettings): Call | { error: Response } {
  const path = url.searchParams.get("path") ?? url.pathname.replace(/^.*?\/api\/ai\/?/, "");
  const match = /^\/?v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (!match) return { error: geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest) };
  let model: string;
  try {
    model = decodeURIComponent(match[1]).replace(/^models\//, "");
  } catch {
    return { error: geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest) };
  }
  const kind = model === settings.imageModel ? "image" : model === settings.textModel ? "text" : null;
  if (!kind) return { error: geminiError(400, REASONS.modelNotAllowed, MESSAGES.modelNotAllowed) };
  return { model, method: match[2] as Call["method"], kind };
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** How many inline images a request carries, or null when it is not a generateContent request. */
export function countImages(body: unknown): number | null {
  if (!isObject(body) || !Array.isArray(body.contents)) return null;
  if (Object.keys(body).some((key) => !ALLOWED_FIELDS.has(key))) return null;
  let images = 0;
  for (const content of body.contents) {
    if (!isObject(content) || !Array.isArray(content.parts)) return null;
    for (const part of content.parts) {
      if (!isObject(part)) return null;
      if (part.inlineData !== undefined || part.inline_data !== undefined || part.fileData !== undefined)
        images += 1;
    }
  }
  return images;
}

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
 * Follows an SSE stream of GenerateContentResponse events: complete once a candidate finished with
 * STOP after some text, and failed when an error object arrives (with or without a `data:` prefix).
 */
export class StreamWatcher {
  private buffer = "";
  private text = false;
  private stopped = false;
  private failed = false;
  private readonly decoder = new TextDecoder();

  push(chunk: Uint8Array): void {
    this.buffer += this.decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, "\n");
    const blocks = this.buffer.split("\n\n");
    this.buffer = blocks.pop() ?? "";
    for (const block of blocks) this.read(block);
  }

  finish(): void {
    this.buffer += this.decoder.decode();
    if (this.buffer.trim()) this.read(this.buffer);
    this.buffer = "";
  }

  get completed(): boolean {
    return this.stopped && this.text && !this.failed;
  }

  private read(block: string): void {
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
      if (candidate.finishReason === "STOP") this.stopped = true;
      else if (typeof candidate.finishReason === "string") this.failed = true;
    }
  }
}

function upstreamUrl(settings: AiSettings, call: Call, search: URLSearchParams): string {
  const base = `${settings.upstream.baseUrl.replace(/\/+$/, "")}/v1beta/models/${encodeURIComponent(call.model)}:${call.method}`;
  if (call.method !== "streamGenerateContent") return base;
  const alt = search.get("alt");
  return `${base}?alt=${encodeURIComponent(alt ?? "sse")}`;
}

/** The answer's own headers that the client reads (type, Retry-After), plus ours. */
function passHeaders(upstream: Response, extra: Record<string, string>): Headers {
  const headers = new Headers({ "cache-control": "no-store", ...extra });
  const type = upstream.headers.get("content-type");
  if (type) headers.set("content-type", type);
  const retryAfter = upstream.headers.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
}

/** The proxy with its settings passed in; see the top of this file. */
export async function handleAiProxy(request: Request, deps: AiProxyDeps): Promise<Response> {
  const { settings } = deps;
  const supabaseFetch = deps.fetch ?? fetch;
  const upstreamFetch = deps.upstreamFetch ?? fetch;
  if (request.method !== "POST") return geminiError(405, REASONS.methodNotAllowed, MESSAGES.methodNotAllowed);

  const url = new URL(request.url);
  const call = parseCall(url, settings);
  if ("error" in call) return call.error;

  const token = bearerToken(request);
  if (!token) return geminiError(401, REASONS.sessionInvalid, MESSAGES.sessionInvalid);
  if (!isJsonContentType(request.headers.get("content-type"))) {
    return geminiError(415, REASONS.unsupportedMediaType, MESSAGES.unsupportedMediaType);
  }
  if (!settings.upstream.configured) {
    console.error("[api/ai] GEMINI_API_KEY is not set, and there is no local preview engine.");
    return geminiError(501, REASONS.notConfigured, MESSAGES.notConfigured);
  }

  let bytes: Uint8Array | typeof TOO_LARGE;
  try {
    bytes = await readBodyCapped(request, settings.maxBodyBytes);
  } catch {
    return geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest);
  }
  if (bytes === TOO_LARGE) return geminiError(413, REASONS.tooLarge, MESSAGES.tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest);
  }
  const images = countImages(body);
  if (images === null) return geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest);
  if (images > settings.maxImages) return geminiError(400, REASONS.tooManyImages, MESSAGES.tooManyImages);

  let session: Awaited<ReturnType<typeof verifySession>>;
  try {
    session = await verifySession(deps.target, token, supabaseFetch, "api/ai");
  } catch (error) {
    console.error("[api/ai] could not verify the caller:", error instanceof Error ? error.message : error);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }
  if (!session.ok) {
    return session.status === 401
      ? geminiError(401, REASONS.sessionInvalid, MESSAGES.sessionInvalid)
      : geminiError(502, REASONS.internal, MESSAGES.internal);
  }
  const userId = session.userId;

  let db: Awaited<ReturnType<typeof serviceClient>>;
  try {
    db = await serviceClient(deps.target, supabaseFetch);
  } catch (error) {
    console.error("[api/ai]", error instanceof Error ? error.message : error);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }

  const streaming = call.method === "streamGenerateContent";
  // The custom prompt's analysis step counts nothing, so it has a rate limit of its own as well.
  const analysis = call.kind === "text" && !streaming;
  let reservationId: string | null = null;
  let held: UsageStatus | null = null;
  try {
    const limits: RateLimit[] = [{ bucket: "ai", max: settings.ratePerMinute, windowSeconds: 60 }];
    if (analysis) limits.push({ bucket: "ai-analysis", max: settings.analysisPerMinute, windowSeconds: 60 });
    const reservation = await reserveConversion(db, userId, settings.reservationTtlSeconds, limits);
    if (reservation.retryAfterMs !== null) {
      return geminiError(429, REASONS.rateLimited, MESSAGES.rateLimited, {
        retryAfterMs: reservation.retryAfterMs,
        headers: usageHeaders(reservation.status),
      });
    }
    if (!reservation.id) {
      return geminiError(403, REASONS.limitReached, MESSAGES.limitReached, {
        headers: usageHeaders(reservation.status),
      });
    }
    reservationId = reservation.id;
    held = reservation.status;
  } catch (error) {
    console.error("[api/ai] the database refused:", error instanceof Error ? error.message : error);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }

  const heldId = reservationId;
  let finished = false;
  /**
   * Ends the reservation exactly once. A failed call is tried once more (finishing is idempotent: a
   * reservation already ended counts nothing twice); past that it is logged, and the reservation expires.
   */
  const finish = async (count: number): Promise<UsageStatus | null> => {
    if (finished) return null;
    finished = true;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await finishConversion(db, heldId, count);
      } catch (error) {
        if (attempt < 2) continue;
        console.error(
          "[api/ai] could not end a reservation:",
          error instanceof Error ? error.message : error,
        );
        return null;
      }
    }
  };

  const timeout = AbortSignal.timeout(settings.upstreamTimeoutMs);
  const upstreamSignal = AbortSignal.any([request.signal, timeout]);
  const upstreamHeaders: Record<string, string> = { "content-type": "application/json" };
  if (settings.upstream.apiKey) upstreamHeaders["x-goog-api-key"] = settings.upstream.apiKey;

  let upstream: Response;
  try {
    upstream = await upstreamFetch(upstreamUrl(settings, call, url.searchParams), {
      method: "POST",
      headers: upstreamHeaders,
      body: bytes as BodyInit,
      signal: upstreamSignal,
    });
  } catch {
    const status = await finish(0);
    if (timeout.aborted)
      return geminiError(504, REASONS.timeout, MESSAGES.timeout, { headers: usageHeaders(status) });
    return geminiError(502, REASONS.unreachable, MESSAGES.unreachable, { headers: usageHeaders(status) });
  }

  const isStream = /^text\/event-stream/i.test(upstream.headers.get("content-type") ?? "");
  if (streaming && upstream.ok && isStream && upstream.body) {
    return streamThrough(upstream, finish, usageHeaders(held));
  }

  // A whole answer: read it, decide what it counts, then answer with the new count.
  let text: string;
  try {
    text = await upstream.text();
  } catch {
    const status = await finish(0);
    if (timeout.aborted)
      return geminiError(504, REASONS.timeout, MESSAGES.timeout, { headers: usageHeaders(status) });
    return geminiError(502, REASONS.unreachable, MESSAGES.unreachable, { headers: usageHeaders(status) });
  }
  let count = 0;
  if (upstream.ok && call.kind === "image") {
    try {
      count = answerHasImage(JSON.parse(text)) ? 1 : 0;
    } catch {
      count = 0;
    }
  } else if (upstream.ok && streaming) {
    // The stream endpoint answered in one piece (not an event stream): a complete answer counts.
    const watcher = new StreamWatcher();
    watcher.push(new TextEncoder().encode(text));
    watcher.finish();
    count = watcher.completed ? 1 : 0;
  }
  const status = await finish(count);
  return new Response(text, {
    status: upstream.status,
    headers: passHeaders(upstream, usageHeaders(status)),
  });
}

/**
 * Passes an event stream through piece by piece, watching it: it counts 1 when it completes, and
 * releases the reservation when it fails, is cut short, or the caller goes away.
 */
function streamThrough(
  upstream: Response,
  finish: (count: number) => Promise<UsageStatus | null>,
  headers: Record<string, string>,
): Response {
  const reader = (upstream.body as ReadableStream<Uint8Array>).getReader();
  const watcher = new StreamWatcher();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        await finish(0);
        controller.error(error);
        return;
      }
      if (chunk.done) {
        watcher.finish();
        await finish(watcher.completed ? 1 : 0);
        controller.close();
        return;
      }
      watcher.push(chunk.value);
      controller.enqueue(chunk.value);
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
      await finish(0);
    },
  });
  return new Response(body, { status: upstream.status, headers: passHeaders(upstream, headers) });
}

/** The deployed entry point: settings and the Supabase project from the environment. */
async function handle(request: Request): Promise<Response> {
  const env: Env = processEnv();
  const target = supabaseTarget(env);
  if (!target.ok) {
    console.error(`[api/ai] ${target.problem}`);
    return geminiError(500, REASONS.internal, MESSAGES.internal);
  }
  return handleAiProxy(request, { target: target.target, settings: aiSettings(env) });
}

/**
 * The entry point as serverless hosts load it: `export default { fetch }` gets a web-standard Request
 * on Vercel (a default-exported function would get Node's req/res instead), Netlify, Cloudflare, Deno
 * and Bun; server/api/plugin.ts calls the same `fetch` in dev and start.
 */
export default { fetch: handle };
