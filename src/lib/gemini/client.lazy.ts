/**
 * What the client (client.ts) fetches when it first needs it, so no page's first load carries it:
 *
 * - a non-OK answer read into a GeminiError (docs/gemini.md "How failure looks" and "Retry policy"): the
 *   cause in the spec's words, one sentence of advice, and whether the app may ask again on its own;
 *   fetched with the first answer that failed;
 * - what only hosted mode needs, fetched with the first call through the app's proxy (/api/ai, see
 *   target.ts): the user's session on every attempt, the server's conversion count read from every
 *   answer, and the proxy's own refusals in words the user can act on. Everything else the proxy passes
 *   through from Gemini unchanged, and is read as in client mode.
 */
// Only ./errors and ./parse (and types): this chunk must not import the app's entry chunk (config,
// lib/usage), which makes the bundler pull the streaming client into every tool page's shared chunk.
import { ADVICE } from "./advice";
import { GeminiError, offlineError, type GeminiErrorInit, type GeminiErrorKind } from "./errors";
import {
  asArray,
  asString,
  isObject,
  parseDuration,
  redact,
  type CallContext,
  type JsonObject,
} from "./parse";
import type { GeminiTarget } from "./target";

type QuotaInfo = { perDay: boolean; perMinute: boolean; limitZero: boolean; retryDelayMs?: number };

function quotaInfo(error: JsonObject): QuotaInfo {
  const info: QuotaInfo = { perDay: false, perMinute: false, limitZero: false };
  const message = asString(error.message) ?? "";
  if (/\blimit:\s*0\b/i.test(message)) info.limitZero = true;
  for (const detail of asArray(error.details)) {
    if (!isObject(detail)) continue;
    const type = asString(detail["@type"]) ?? "";
    if (type.endsWith("RetryInfo")) {
      info.retryDelayMs = parseDuration(detail.retryDelay);
    }
    for (const violation of asArray(detail.violations)) {
      if (!isObject(violation)) continue;
      const id = `${asString(violation.quotaId) ?? ""} ${asString(violation.quotaMetric) ?? ""}`;
      if (/per_?day/i.test(id)) info.perDay = true;
      if (/per_?minute/i.test(id)) info.perMinute = true;
      if (asString(violation.quotaValue) === "0") info.limitZero = true;
    }
  }
  return info;
}

function hasApiKeyInvalid(error: JsonObject): boolean {
  const reasons = asArray(error.details).map((d) => (isObject(d) ? asString(d.reason) : undefined));
  return reasons.includes("API_KEY_INVALID") || /api key not valid/i.test(asString(error.message) ?? "");
}

/** 403 PERMISSION_DENIED because the Generative Language API is off in the key's project (not the key). */
function hasServiceDisabled(error: JsonObject): boolean {
  const reasons = asArray(error.details).map((d) => (isObject(d) ? asString(d.reason) : undefined));
  return (
    reasons.includes("SERVICE_DISABLED") ||
    /has not been used in project\b[\s\S]*\bor it is disabled/i.test(asString(error.message) ?? "")
  );
}

/** 400 FAILED_PRECONDITION: billing not enabled, or the API (or its free tier) not offered in the region. */
function isFailedPrecondition(error: JsonObject): boolean {
  return (
    asString(error.status) === "FAILED_PRECONDITION" ||
    /user location is not supported|free tier is not available/i.test(asString(error.message) ?? "")
  );
}

export const MODEL_SETTING = { image: "VITE_GEMINI_IMAGE_MODEL", text: "VITE_GEMINI_TEXT_MODEL" } as const;

/** A non-OK HTTP answer as a GeminiError: "API error: <error or Unknown error>" (SPEC 8) plus advice. */
export function httpError(
  status: number,
  body: unknown,
  ctx: CallContext,
  retryAfterHeader?: number,
): GeminiError {
  const error: JsonObject = isObject(body) && isObject(body.error) ? body.error : {};
  const detail =
    asString(error.message) ?? (isObject(body) ? asString(body.error) : undefined) ?? "Unknown error";
  const message = redact(`API error: ${detail.trim() || "Unknown error"}`, ctx);
  const make = (init: Omit<GeminiErrorInit, "message" | "status">) =>
    new GeminiError({ ...init, message, status });

  if (status === 400 && hasApiKeyInvalid(error)) {
    return make({ kind: "bad-key", advice: badKeyAdvice(ctx) });
  }
  // Region or billing: the key cannot be used from here as things are; no photo or retry helps. The kind
  // is key-denied so a batch stops at once (the same answer would come for every image).
  if (status === 400 && isFailedPrecondition(error)) {
    return make({ kind: "key-denied", advice: ADVICE.failedPrecondition });
  }
  if (status === 401) return make({ kind: "bad-key", advice: badKeyAdvice(ctx) });
  if (status === 403) {
    return make({
      kind: "key-denied",
      advice: hasServiceDisabled(error) ? ADVICE.serviceDisabled : ADVICE.keyDenied,
    });
  }
  if (status === 404) {
    return make({
      kind: "model-not-found",
      advice: `The AI model "${ctx.model}" is no longer available: the app's model setting (${MODEL_SETTING[ctx.call]}) needs updating.`,
    });
  }
  // An image call is sent again on its own only when the answer says no picture was made: a per-minute
  // 429, Google's 500 and 503 (docs/gemini.md "Retry policy"). A 408, 502 or 504 of any origin may
  // come after the picture was made and billed: the person is told so and presses "Try again".
  if (ctx.call === "image" && (status === 408 || status === 502 || status === 504)) {
    return make({ kind: status === 502 ? "server" : "timeout", advice: ADVICE.imageMaybeMade });
  }
  if (status === 408) return make({ kind: "timeout", advice: ADVICE.timeout, retryable: true });
  if (status === 429) {
    const quota = quotaInfo(error);
    if (quota.limitZero) return make({ kind: "daily-quota", advice: ADVICE.freeTier });
    if (quota.perDay) return make({ kind: "daily-quota", advice: ADVICE.dailyQuota });
    // Per minute, RetryInfo without a daily quota, or a bare 429: a short wait helps.
    return make({
      kind: "rate-limit",
      advice: ADVICE.rateLimit,
      retryable: true,
      retryAfterMs: quota.retryDelayMs ?? retryAfterHeader,
    });
  }
  if (status === 503) {
    return make({
      kind: "overloaded",
      advice: ADVICE.overloaded,
      retryable: true,
      retryAfterMs: retryAfterHeader,
    });
  }
  if (status === 500 || status === 502 || status === 504) {
    return make({ kind: "server", advice: ADVICE.server, retryable: true, retryAfterMs: retryAfterHeader });
  }
  if (status >= 500) return make({ kind: "server", advice: ADVICE.server });
  return make({ kind: "bad-request", advice: ADVICE.badRequest });
}

function badKeyAdvice(ctx: CallContext): string {
  return ctx.keySource === "default-key" ? ADVICE.badDefaultKey : ADVICE.badUserKey;
}

// ---- Hosted mode ------------------------------------------------------------------------------------

/** The ErrorInfo reasons of the proxy's own refusals (domain cucumber.ai; api/ai.ts). */
export const PROXY_REASONS = {
  sessionInvalid: "SESSION_INVALID",
  limitReached: "CONVERSION_LIMIT_REACHED",
  /** 503: the service's estimated AI spend for the day reached its budget (AI_DAILY_BUDGET_USD). */
  dailyBudget: "DAILY_BUDGET_REACHED",
  modelNotAllowed: "MODEL_NOT_ALLOWED",
  tooManyImages: "TOO_MANY_IMAGES",
  tooLarge: "REQUEST_TOO_LARGE",
  notConfigured: "AI_NOT_CONFIGURED",
  internal: "INTERNAL",
  /** A 2K or 4K picture from a plan without it; the message is the gate's (src/config/tiers.ts). */
  planRequired: "PLAN_REQUIRED",
  /** A picture shape or size Gemini does not take. */
  outputNotSupported: "IMAGE_OUTPUT_NOT_SUPPORTED",
} as const;

export const HOSTED_ADVICE = {
  limit:
    "Upgrade your plan on the Pricing page, or wait until your conversions reset at the start of next month.",
  session: "Your session has ended: log in again, then try once more.",
  dailyBudget: "Nothing was sent or counted, and your photo is still here: try again tomorrow.",
  tooLarge: "This photo is too large to send: try a smaller photo, or one with fewer pixels.",
  tooManyImages: "This request has more images than the AI service accepts: use fewer pictures.",
  notConfigured: "The AI service is not set up on this server yet: try again later.",
  planRequired:
    "Nothing was sent or counted: choose a smaller size, or upgrade your plan on the Pricing page.",
  outputNotSupported: "Nothing was sent or counted: choose another shape or size, then try again.",
  serverKey:
    "The AI service's own key was refused: try again later, or enter your own Gemini API key to continue now.",
} as const;

/** The proxy's own message for a missing or refused session (api/ai.ts), also when none is sent. */
export const SESSION_MESSAGE = "Please log in again to use the AI.";

/** The proxy's message once the day's AI budget is spent (api/_lib/ai-errors.ts MESSAGES.budgetReached). */
export const DAILY_BUDGET_MESSAGE =
  "Cucumber.AI has reached today's limit for AI pictures. Please try again tomorrow.";

const PROXY_DOMAIN = "cucumber.ai";

function sessionError(status?: number): GeminiError {
  return new GeminiError({
    kind: "session",
    message: SESSION_MESSAGE,
    advice: HOSTED_ADVICE.session,
    status,
  });
}

/** `Bearer <access token>` for this attempt; a "log in again" error when there is no session. */
export async function sessionHeader(target: GeminiTarget): Promise<string> {
  let token: string | null;
  try {
    token = (await target.authorization?.()) ?? null;
  } catch (e) {
    // The auth client's code or server could not be reached.
    throw offlineError(e);
  }
  if (!token) throw sessionError();
  return `Bearer ${token}`;
}

function count(headers: Headers, name: string): number | undefined {
  const value = headers.get(`x-conversions-${name}`)?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The server's count after this answer (x-conversions-*), given to the target's onUsage when present. */
export function reportUsage(target: GeminiTarget, headers: Headers): void {
  const used = count(headers, "used");
  const limit = count(headers, "limit");
  const remaining = count(headers, "remaining");
  if (used !== undefined && limit !== undefined && remaining !== undefined) {
    target.onUsage?.({ used, limit, remaining });
  }
}

type ProxyRefusal = { reason: string; message?: string };

/** The reason (and message) of the proxy's ErrorInfo, when the answer is one of its own refusals. */
function proxyRefusal(body: unknown): ProxyRefusal | undefined {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== "object" || error === null) return undefined;
  const { details, message } = error as { details?: unknown; message?: unknown };
  for (const detail of Array.isArray(details) ? (details as unknown[]) : []) {
    if (typeof detail !== "object" || detail === null) continue;
    const { reason, domain } = detail as { reason?: unknown; domain?: unknown };
    if (domain === PROXY_DOMAIN && typeof reason === "string") {
      return { reason, message: typeof message === "string" ? message : undefined };
    }
  }
  return undefined;
}

/**
 * A non-OK answer of the proxy as a GeminiError: its own refusals (the monthly limit, the session, a
 * request it will not send) with their own advice; Gemini's answers as httpError reads them (a
 * RATE_LIMITED 429 carries a RetryInfo, so it waits and retries like Gemini's; its 502 and 504 are
 * never sent again on its own for an image call), except that a refused key is the server's, not the
 * visitor's.
 */
export function proxyError(
  status: number,
  body: unknown,
  ctx: CallContext,
  retryAfterMs?: number,
): GeminiError {
  const error = httpError(status, body, ctx, retryAfterMs);
  const refusal = proxyRefusal(body);
  const as = (kind: GeminiErrorKind, advice: string, message = error.message) =>
    new GeminiError({ kind, message, advice, status });
  switch (refusal?.reason) {
    case PROXY_REASONS.limitReached:
      // The server's words are the spec's ("You've used all your free conversions for this month").
      return as("limit", HOSTED_ADVICE.limit, refusal?.message ?? error.message);
    case PROXY_REASONS.dailyBudget:
      // A 503 that no retry helps today: as("not-configured") is never retried, and a batch stops
      // sending the rest. Not "overloaded", which Gemini's own 503 is (retried, a batch pauses).
      return as("not-configured", HOSTED_ADVICE.dailyBudget, DAILY_BUDGET_MESSAGE);
    case PROXY_REASONS.sessionInvalid:
      return sessionError(status);
    case PROXY_REASONS.tooLarge:
      return as("bad-request", HOSTED_ADVICE.tooLarge);
    case PROXY_REASONS.tooManyImages:
      return as("bad-request", HOSTED_ADVICE.tooManyImages);
    case PROXY_REASONS.notConfigured:
      return as("not-configured", HOSTED_ADVICE.notConfigured);
    case PROXY_REASONS.planRequired:
      // The server's words are the gate's ("4K images require a $30/month subscription").
      return as("bad-request", HOSTED_ADVICE.planRequired, refusal?.message ?? error.message);
    case PROXY_REASONS.outputNotSupported:
      return as("bad-request", HOSTED_ADVICE.outputNotSupported, refusal?.message ?? error.message);
    case PROXY_REASONS.modelNotAllowed:
      return as(
        "model-not-found",
        `The AI model "${ctx.model}" is not available on this server: the app's model setting (${MODEL_SETTING[ctx.call]}) needs updating.`,
      );
    case PROXY_REASONS.internal:
      // The proxy's own failure, not Google's 500: an image call is not sent again on its own (it
      // could come after the picture was made); a text call is retried as before.
      if (ctx.call === "image") return as("server", ADVICE.server);
      break;
  }
  if (status === 401) return sessionError(status);
  if (error.kind === "bad-key" || error.kind === "key-denied") return as(error.kind, HOSTED_ADVICE.serverKey);
  return error;
}
