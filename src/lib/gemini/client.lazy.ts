/**
 * A non-OK answer read into a GeminiError (docs/gemini.md "How failure looks" and "Retry policy"):
 * the cause in the spec's words, one sentence of advice, and whether the app may ask again on its own.
 * Only an answer that failed needs it, so the client loads it with the first such answer
 * (client.ts): no page's first load carries it. The stream (poems) and hosted mode import it as usual.
 */
import { ADVICE, GeminiError, type GeminiErrorInit } from "./errors";
import {
  asArray,
  asString,
  isObject,
  parseDuration,
  redact,
  type CallContext,
  type JsonObject,
} from "./parse";

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
