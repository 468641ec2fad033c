/**
 * Every way a Gemini call can fail, as one error class the UI can read: `message` keeps the spec's wording
 * (SPEC 8), `advice` is one plain sentence saying what to do, `retryable` says whether the app may try
 * again on its own. An image call is sent again on its own only when the answer says no picture was
 * made (docs/gemini.md "Retry policy"); any other failure of one may have been made and paid for, so
 * the person is told so and presses "Try again".
 */

export type GeminiErrorKind =
  | "no-key"
  | "bad-key"
  | "key-denied"
  | "model-not-found"
  | "bad-request"
  | "rate-limit"
  | "daily-quota"
  | "overloaded"
  | "server"
  | "timeout"
  | "offline"
  | "cancelled"
  | "prompt-blocked"
  | "output-blocked"
  | "text-instead-of-image"
  | "no-image"
  | "bad-response"
  /** Hosted mode: the server refused, no conversions left this month (nothing was sent to the AI). */
  | "limit"
  /** Hosted mode: no session, or the server did not accept it (log in again). */
  | "session"
  /** Hosted mode: the server has no AI service set up. */
  | "not-configured";

export type GeminiErrorInit = {
  kind: GeminiErrorKind;
  message: string;
  advice: string;
  status?: number;
  retryable?: boolean;
  retryAfterMs?: number;
  cause?: unknown;
};

export class GeminiError extends Error {
  readonly kind: GeminiErrorKind;
  readonly status?: number;
  readonly advice: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;

  constructor(init: GeminiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "GeminiError";
    this.kind = init.kind;
    this.status = init.status;
    this.advice = init.advice;
    this.retryable = init.retryable ?? false;
    this.retryAfterMs = init.retryAfterMs;
  }
}

export function isGeminiError(e: unknown): e is GeminiError {
  return e instanceof GeminiError;
}

/** The spec's strings (SPEC 7.1, 8 and the frog page's key check), kept verbatim. */
export const MESSAGES = {
  noKey: "No API key provided. Please enter a Google Gemini API key.",
  noImage: "No modified image returned from API",
  noText: "No response generated.",
  badResponse: "Invalid response format from API.",
  cancelled: "Conversion cancelled",
  timeout: "The AI took too long to answer.",
  offline: "Could not reach the AI service.",
  /** An image call whose answer was lost on the way back (the request had reached the server). */
  imageLost: "The connection dropped while your picture was on its way.",
  unknown: "Unknown error occurred",
} as const;

export const ADVICE = {
  noKey: "Enter a Google Gemini API key in the API key field to continue.",
  badUserKey:
    "The API key is not valid: check the key you entered, or leave the field empty to use the default key.",
  badDefaultKey: "The app's built-in API key is not valid: enter your own Google Gemini API key.",
  keyDenied:
    "This API key is not allowed to use the AI (it may have been reported as leaked): create a new key in Google AI Studio and enter it.",
  /** 403 SERVICE_DISABLED: the key is fine, its project has the API switched off. */
  serviceDisabled:
    "The Gemini API is not switched on for this API key's project (the key itself is fine): the project's owner needs to enable the Generative Language API in the Google Cloud console, then try again in a few minutes.",
  /** 400 FAILED_PRECONDITION: billing not enabled, or a region where the API (or its free tier) is not offered. */
  failedPrecondition:
    "The AI is not available to this API key where it is used: its project needs billing enabled in Google AI Studio, or the Gemini API is not offered in this region. Trying again will not help until that changes.",
  badRequest:
    "The AI could not accept this request: try another photo, and if it keeps happening the app needs an update.",
  rateLimit: "Too many requests right now: wait a minute and try again.",
  dailyQuota: "The daily quota of this API key is used up: try again tomorrow, or enter your own API key.",
  freeTier:
    "This API key's free tier has no quota for this AI model (image models need a paid key): use a key with billing enabled.",
  overloaded: "The AI is overloaded right now: try again in a minute.",
  server: "The AI service had a problem: try again.",
  timeout: "The AI took too long to answer: try again, perhaps with a smaller photo.",
  offline: "You seem to be offline: check your connection and try again (your photo is still here).",
  /**
   * Every image call that failed once the request had left (a dropped connection, a timeout, a 502 or
   * 504): the picture may have been made and paid for, so it is not sent again on its own.
   */
  imageMaybeMade: "Your picture may still have been made, but it did not reach you: press Try again.",
  /** The same when the connection failed before any answer came (the request may have got through). */
  imageUnreached:
    "If the request got through before the connection failed, your picture may still have been made: check your connection and press Try again.",
  cancelled: "The conversion was stopped and nothing was counted: your photo is still here.",
  promptBlocked: "The AI's safety filter blocked this photo or request: try another photo.",
  outputBlocked: "The AI's safety filter blocked the result: try another photo or a different style.",
  recitation:
    "The AI stopped because the result looked too close to existing protected material: try another photo or a different style.",
  noImage: "The AI did not return an image this time: try again, or use another photo.",
  noText: "The AI sent back an empty answer: try again, or use another photo.",
  badResponse:
    "The answer from the AI service could not be read (a proxy or network filter may be in the way): try again in a moment.",
  unknown: "Please try again.",
} as const;

/** The advice for a model that answered in words: quotes what it said, trimmed to about 200 characters. */
export function textInsteadOfImageAdvice(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const quote = flat.length > 200 ? `${flat.slice(0, 200).trimEnd()}...` : flat;
  return `The AI answered in words instead of an image ("${quote}"). Try another photo or a different style.`;
}

export function noKeyError(): GeminiError {
  return new GeminiError({ kind: "no-key", message: MESSAGES.noKey, advice: ADVICE.noKey });
}

export function cancelledError(cause?: unknown): GeminiError {
  return new GeminiError({ kind: "cancelled", message: MESSAGES.cancelled, advice: ADVICE.cancelled, cause });
}

/**
 * Our own timeout of a call. Not retryable for an image call (docs/gemini.md "Retry policy"): the call
 * that timed out may still be made and billed, so only the person's "Try again" sends another.
 */
export function timeoutError(call: "image" | "text" = "text"): GeminiError {
  const image = call === "image";
  return new GeminiError({
    kind: "timeout",
    message: MESSAGES.timeout,
    advice: image ? ADVICE.imageMaybeMade : ADVICE.timeout,
    retryable: !image,
  });
}

export function offlineError(cause: unknown): GeminiError {
  return new GeminiError({
    kind: "offline",
    message: MESSAGES.offline,
    advice: ADVICE.offline,
    retryable: true,
    cause,
  });
}

/**
 * An image call that failed on the way: before any answer (`answered` false: the request may have got
 * through, the connection failed) or while the answer came down (it had reached the server, and the
 * picture may have been made). Never retried on its own; the message says what happened.
 */
export function imageLostError(answered: boolean, cause: unknown): GeminiError {
  return new GeminiError({
    kind: "offline",
    message: answered ? MESSAGES.imageLost : MESSAGES.offline,
    advice: answered ? ADVICE.imageMaybeMade : ADVICE.imageUnreached,
    cause,
  });
}

/** Our "cancelled" error, or a plain AbortError (e.g. from signal.throwIfAborted() in the caller). */
function isCancellation(e: unknown): boolean {
  if (isGeminiError(e)) return e.kind === "cancelled";
  return typeof e === "object" && e !== null && "name" in e && e.name === "AbortError";
}

/**
 * What went wrong, for any tool: the cause in the spec's words (`message`, e.g. "No modified image
 * returned from API") and one sentence of what to do. Each tool words the toast around the cause
 * itself ("Failed to process image: ...", SPEC 8), once.
 */
export function describeFailure(e: unknown): {
  message: string;
  advice: string;
  cancelled: boolean;
  kind?: GeminiErrorKind;
} {
  if (isCancellation(e)) {
    return { message: MESSAGES.cancelled, advice: ADVICE.cancelled, cancelled: true, kind: "cancelled" };
  }
  if (isGeminiError(e)) return { message: e.message, advice: e.advice, cancelled: false, kind: e.kind };
  const reason = e instanceof Error && e.message.trim() !== "" ? e.message : MESSAGES.unknown;
  return { message: reason, advice: ADVICE.unknown, cancelled: false };
}
