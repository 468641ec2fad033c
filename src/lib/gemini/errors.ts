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

/**
 * The advice the first load needs (a missing key, no connection, a cancel, anything else): the rest of
 * the advice, for the answers of the AI service, is advice.ts, fetched with the AI client.
 */
export const CORE_ADVICE = {
  noKey: "Enter a Google Gemini API key in the API key field to continue.",
  offline: "You seem to be offline: check your connection and try again (your photo is still here).",
  cancelled: "The conversion was stopped and nothing was counted: your photo is still here.",
  unknown: "Please try again.",
} as const;

export function noKeyError(): GeminiError {
  return new GeminiError({ kind: "no-key", message: MESSAGES.noKey, advice: CORE_ADVICE.noKey });
}

export function cancelledError(cause?: unknown): GeminiError {
  return new GeminiError({
    kind: "cancelled",
    message: MESSAGES.cancelled,
    advice: CORE_ADVICE.cancelled,
    cause,
  });
}

export function offlineError(cause: unknown): GeminiError {
  return new GeminiError({
    kind: "offline",
    message: MESSAGES.offline,
    advice: CORE_ADVICE.offline,
    retryable: true,
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
    return { message: MESSAGES.cancelled, advice: CORE_ADVICE.cancelled, cancelled: true, kind: "cancelled" };
  }
  if (isGeminiError(e)) return { message: e.message, advice: e.advice, cancelled: false, kind: e.kind };
  const reason = e instanceof Error && e.message.trim() !== "" ? e.message : MESSAGES.unknown;
  return { message: reason, advice: CORE_ADVICE.unknown, cancelled: false };
}
