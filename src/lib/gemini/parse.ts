/**
 * Reading what Gemini sends back (docs/gemini.md "Response" and "How failure looks"). Nothing here trusts the
 * body: a proxy may answer HTML or nothing, so every field is checked before use.
 */
import { ADVICE, GeminiError, MESSAGES, textInsteadOfImageAdvice, type GeminiErrorInit } from "./errors";

export type InlineImage = { mimeType: string; data: string };

export type ImageResult = { image: InlineImage; dataUrl: string; text?: string };

/** What the classifiers need to know about the call, to give precise advice and keep the key out of it. */
export type CallContext = {
  call: "image" | "text";
  model: string;
  keySource: "user-key" | "default-key" | "local-engine" | "hosted";
  apiKey?: string;
};

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function asString(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** The body as JSON, or undefined when it is empty or not JSON (an HTML page from a proxy, say). */
export function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Never let the key reach a message: Google does not echo it, but a proxy might. */
function redact(text: string, ctx: CallContext): string {
  return ctx.apiKey ? text.split(ctx.apiKey).join("[redacted]") : text;
}

/** "7s", "1.5s", "0.250s" (protobuf Duration in JSON) to milliseconds. */
export function parseDuration(value: unknown): number | undefined {
  const match = typeof value === "string" ? /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** A Retry-After header (seconds or an HTTP date), as a proxy or gateway may send it. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Math.round(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

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

const BLOCKED_FINISH = new Set([
  "SAFETY",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
]);
const RECITATION_FINISH = new Set(["RECITATION", "IMAGE_RECITATION"]);

export type Reply = {
  blockReason?: string;
  hasCandidate: boolean;
  finishReason?: string;
  images: InlineImage[];
  texts: string[];
};

/** The parts of candidates[0] that are not thoughts (drafts), split into images and texts. */
export function readReply(body: JsonObject): Reply {
  const feedback = isObject(body.promptFeedback) ? body.promptFeedback : {};
  const candidate = asArray(body.candidates)[0];
  const reply: Reply = {
    blockReason: asString(feedback.blockReason),
    hasCandidate: isObject(candidate),
    images: [],
    texts: [],
  };
  if (!isObject(candidate)) return reply;
  reply.finishReason = asString(candidate.finishReason);
  const content = isObject(candidate.content) ? candidate.content : {};
  for (const part of asArray(content.parts)) {
    if (!isObject(part) || part.thought === true) continue;
    const text = asString(part.text);
    if (text !== undefined) reply.texts.push(text);
    const inline = isObject(part.inlineData) ? part.inlineData : undefined;
    const data = inline ? asString(inline.data) : undefined;
    if (inline && data) {
      reply.images.push({ mimeType: asString(inline.mimeType) ?? "image/png", data });
    }
  }
  return reply;
}

export function noResult(reply: Reply, ctx: CallContext): GeminiError {
  const message = ctx.call === "image" ? MESSAGES.noImage : MESSAGES.noText;
  if (reply.blockReason) {
    return new GeminiError({ kind: "prompt-blocked", message, advice: ADVICE.promptBlocked });
  }
  const finish = reply.finishReason ?? "";
  if (BLOCKED_FINISH.has(finish)) {
    return new GeminiError({ kind: "output-blocked", message, advice: ADVICE.outputBlocked });
  }
  if (RECITATION_FINISH.has(finish)) {
    return new GeminiError({ kind: "output-blocked", message, advice: ADVICE.recitation });
  }
  const said = reply.texts.join("\n").trim();
  if (ctx.call === "image" && said !== "") {
    return new GeminiError({
      kind: "text-instead-of-image",
      message,
      advice: redact(textInsteadOfImageAdvice(said), ctx),
    });
  }
  return ctx.call === "image"
    ? new GeminiError({ kind: "no-image", message, advice: ADVICE.noImage })
    : new GeminiError({ kind: "bad-response", message, advice: ADVICE.noText });
}

function readBody(body: unknown): JsonObject {
  if (!isObject(body)) {
    throw new GeminiError({
      kind: "bad-response",
      message: MESSAGES.badResponse,
      advice: ADVICE.badResponse,
    });
  }
  return body;
}

/**
 * The result image of a 200 answer: the LAST image part that is not a thought (docs/gemini.md "Response").
 */
export function imageFromResponse(body: unknown, ctx: CallContext): ImageResult {
  const reply = readReply(readBody(body));
  const image = reply.images.at(-1);
  if (!image) throw noResult(reply, ctx);
  const text = reply.texts.join("\n").trim();
  return {
    image,
    dataUrl: `data:${image.mimeType};base64,${image.data}`,
    ...(text !== "" ? { text } : {}),
  };
}

/** The answer of a text call: its non-thought text parts, joined. */
export function textFromResponse(body: unknown, ctx: CallContext): string {
  const reply = readReply(readBody(body));
  const text = reply.texts.join("").trim();
  if (text === "") throw noResult(reply, ctx);
  return text;
}
