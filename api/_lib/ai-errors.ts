/**
 * The AI proxy's refusals (api/ai.ts) in Gemini's own error shape, so the client handles them as it
 * handles Gemini's: a status, a message, and an ErrorInfo whose reason names the refusal (domain
 * cucumber.ai), with RetryInfo and Retry-After for a rate limit. Also the x-conversions-* headers every
 * answer the user can be told about carries.
 */
import { HTTP_MESSAGES, retryAfterSeconds } from "./http.ts";
import type { UsageStatus } from "./usage.ts";

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
  /** The day's estimated AI spend reached AI_DAILY_BUDGET_USD (api/_lib/ai-cost.ts). */
  budgetReached: "DAILY_BUDGET_REACHED",
  /** A 2K or 4K image from a plan without it (src/config/tiers.ts size2K, size4K); the message is the gate's. */
  planRequired: "PLAN_REQUIRED",
  /** An imageConfig.aspectRatio or imageSize Gemini does not take (src/config/image-output.ts). */
  outputNotSupported: "IMAGE_OUTPUT_NOT_SUPPORTED",
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
  budgetReached: "Cucumber.AI has reached today's limit for AI pictures. Please try again tomorrow.",
  outputNotSupported: "This picture shape or size is not available.",
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
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

/** The user's month after this answer, for the client's meter. */
export function usageHeaders(status: UsageStatus | null | undefined): Record<string, string> {
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
