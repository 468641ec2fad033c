/**
 * Visual Poetry's execute part (SPEC 2.12, 7.2, 8 "Poem"): plain async code with no React. The photo
 * goes through the image pipeline (upright, downscaled, re-encoded as JPEG), then the text model writes
 * a poem that streams in; up to 3 attempts 1 s apart for failures a retry can fix.
 */
import { PAGE_TEXT_TIMEOUT_MS } from "@/config/ai-timeouts";
import { POEM_PROMPT } from "@/tools/poetry/prompts";
import { describeFailure, GeminiError, isGeminiError, type GeminiErrorKind } from "@/lib/gemini/errors";
import { sleep } from "@/lib/gemini/retry";
import { isImageInputError, prepareImage, type LoadedImage } from "@/lib/image";
import type { ToolRunContext } from "../run-context";

/** SPEC 8 "Poem", verbatim. */
export const POEM_COPY = {
  processing: "Writing your poem...",
  failed: "Failed to generate poem",
  success: "Poem generated successfully!",
  downloaded: "Poem downloaded successfully!",
  defaultFailure: "Failed to generate poem. Please try again.",
  serviceIssues: "We're experiencing issues with our poem generation service. Please try again later.",
  imageTrouble:
    "Our AI model might be having trouble with this image. Try a different image or come back later.",
} as const;

/** SPEC 9: 3 attempts, 1 s apart. */
export const POEM_ATTEMPTS = 3;
export const POEM_RETRY_DELAY_MS = 1000;
/** A wait longer than this (a server's Retry-After) is not waited for: the user is told instead. */
const MAX_WAIT_MS = 60_000;

/** What the poem's failure message depends on (SPEC 8): earlier failures and photos uploaded. */
export type PoemCounters = { earlierFailures: number; uploads: number };

/** The spec's three messages: more than 3 uploads, else 2 or more earlier failures, else the default. */
export function poemFailureMessage({ earlierFailures, uploads }: PoemCounters): string {
  if (uploads > 3) return POEM_COPY.imageTrouble;
  if (earlierFailures >= 2) return POEM_COPY.serviceIssues;
  return POEM_COPY.defaultFailure;
}

/**
 * Failures that another attempt can fix: busy, rate limited per minute, server trouble, a timeout, the
 * connection, an answer cut short or empty. A bad key, a blocked photo or a daily quota fail at once.
 */
export function isRetryablePoemFailure(error: unknown): boolean {
  return isGeminiError(error) && (error.retryable || error.kind === "bad-response");
}

/** What the wait before another attempt says, by what went wrong. */
const WAIT_REASONS: Partial<Record<GeminiErrorKind, string>> = {
  "rate-limit": "Too many requests right now.",
  overloaded: "The AI is busy right now.",
  server: "The AI could not finish the poem.",
  timeout: "The AI took too long to answer.",
  offline: "The connection to the AI dropped.",
  "bad-response": "The AI sent back an empty answer.",
};

export type PoemInput = {
  image: LoadedImage;
  /** The poem so far, each time a piece arrives ("" when a new attempt starts over). */
  onText?: (text: string) => void;
};

export type PoemOutput = { text: string };

export async function runPoem(input: PoemInput, ctx: ToolRunContext): Promise<PoemOutput> {
  const { image } = input;
  const { signal } = ctx;
  const prepared = await prepareImage(image, { maxSide: 1536, quality: 0.85 });
  signal.throwIfAborted();
  const parts = [
    { text: POEM_PROMPT },
    { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } },
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      const text = await ctx.stream({
        parts,
        maxAttempts: 1,
        // To the first piece and between pieces; the model thinks first (see PAGE_TEXT_TIMEOUT_MS).
        timeoutMs: PAGE_TEXT_TIMEOUT_MS.poem,
        onText: (all) => input.onText?.(all),
      });
      return { text };
    } catch (error) {
      if (!isRetryablePoemFailure(error) || attempt >= POEM_ATTEMPTS) throw error;
      const delayMs = Math.max(POEM_RETRY_DELAY_MS, isGeminiError(error) ? (error.retryAfterMs ?? 0) : 0);
      if (delayMs > MAX_WAIT_MS) throw error;
      input.onText?.("");
      ctx.onRetryWait({
        attempt: attempt + 1,
        maxAttempts: POEM_ATTEMPTS,
        delayMs,
        reason: (isGeminiError(error) && WAIT_REASONS[error.kind]) || "The AI could not finish the poem.",
      });
      try {
        await sleep(delayMs, signal);
      } finally {
        ctx.onRetryWait(null);
      }
    }
  }
}

/**
 * A failed run in the poem's words (SPEC 8): a bad key, a blocked photo, a daily quota or an unusable
 * photo keep their own message after "Failed to generate poem"; the rest get one of the spec's three
 * messages. The advice sentence of the cause is always kept. Cancels pass through untouched.
 */
export function poemError(error: unknown, counters: PoemCounters): unknown {
  const failure = describeFailure(error);
  if (failure.cancelled) return error;
  if (isImageInputError(error)) {
    return new GeminiError({
      kind: "bad-request",
      message: `${POEM_COPY.failed}: ${error.message}`,
      advice: error.advice,
      cause: error,
    });
  }
  const ownMessage = isGeminiError(error) && !isRetryablePoemFailure(error);
  return new GeminiError({
    kind: failure.kind ?? "bad-response",
    message: ownMessage ? `${POEM_COPY.failed}: ${failure.message}` : poemFailureMessage(counters),
    advice: failure.advice,
    cause: error,
  });
}
