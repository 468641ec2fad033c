/**
 * The advice for every way a call to the AI can fail (docs/gemini.md "How failure looks"), beside the
 * first load's few (errors.ts CORE_ADVICE): fetched with the AI client, which reads the answers.
 */
import { CORE_ADVICE, GeminiError, MESSAGES } from "./errors";

export const ADVICE = {
  ...CORE_ADVICE,
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
  /**
   * Every image call that failed once the request had left (a dropped connection, a timeout, a 502 or
   * 504): the picture may have been made and paid for, so it is not sent again on its own.
   */
  imageMaybeMade: "Your picture may still have been made, but it did not reach you: press Try again.",
  /** The same when the connection failed before any answer came (the request may have got through). */
  imageUnreached:
    "If the request got through before the connection failed, your picture may still have been made: check your connection and press Try again.",
  promptBlocked: "The AI's safety filter blocked this photo or request: try another photo.",
  outputBlocked: "The AI's safety filter blocked the result: try another photo or a different style.",
  recitation:
    "The AI stopped because the result looked too close to existing protected material: try another photo or a different style.",
  noImage: "The AI did not return an image this time: try again, or use another photo.",
  noText: "The AI sent back an empty answer: try again, or use another photo.",
  badResponse:
    "The answer from the AI service could not be read (a proxy or network filter may be in the way): try again in a moment.",
} as const;

/** The advice for a model that answered in words: quotes what it said, trimmed to about 200 characters. */
export function textInsteadOfImageAdvice(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const quote = flat.length > 200 ? `${flat.slice(0, 200).trimEnd()}...` : flat;
  return `The AI answered in words instead of an image ("${quote}"). Try another photo or a different style.`;
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
