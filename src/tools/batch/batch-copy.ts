/** What the batch says: its toasts, its refusals and notices, and the error of a batch where nothing came back. */
import { notEnoughMessage as notEnough } from "@/lib/allowance";
import { GeminiError, isGeminiError } from "@/lib/gemini/errors";
import { MAX_BATCH_FILES } from "./batch-image";

export const BATCH_TOASTS = {
  processing: "Processing images...",
  success: (n: number) => `Successfully processed ${n} image(s)`,
  failed: (n: number) => `Failed to process ${n} image(s)`,
  batchFailed: "Batch processing failed",
  zipFailed: "The ZIP file could not be made. Download the images one by one instead.",
} as const;

export const VALIDATION = {
  noFiles: "Please add at least one image to process.",
  noInstruction: "Please enter an instruction for your images.",
} as const;

/** SPEC 5 "Batch": more files than conversions left. */
export function notEnoughMessage(remaining: number, count: number): string {
  return notEnough(remaining, `process ${count} files`);
}

/** The question before a finished batch's photos are run again. */
export function processAgainQuestion(count: number): string {
  return count === 1 ? "Process this image again?" : `Process these ${count} images again?`;
}

export function tooManyMessage(skipped: number): string {
  return `You can process at most ${MAX_BATCH_FILES} images at a time: ${skipped} ${
    skipped === 1 ? "file was" : "files were"
  } not added.`;
}

export function notImagesMessage(skipped: number): string {
  return `${skipped} ${skipped === 1 ? "file was" : "files were"} skipped because ${
    skipped === 1 ? "it is" : "they are"
  } not an image.`;
}

/** The run's toasts for useAiRun; `done` is how many images have come back so far. */
export function batchRunCopy(done: () => number) {
  return {
    processing: BATCH_TOASTS.processing,
    get success() {
      return BATCH_TOASTS.success(done());
    },
    failure: (reason: string) =>
      reason.startsWith("Failed to process ") ? reason : `${BATCH_TOASTS.batchFailed}: ${reason}`,
    get cancelled() {
      const n = done();
      return n > 0
        ? `Batch cancelled. ${n} image(s) came back and were counted; nothing else was counted.`
        : "Batch cancelled. Nothing was counted.";
    },
  };
}

/** A batch where nothing came back: the count in front, and what to do about the first failure. */
export function batchFailed(count: number, first: unknown, advice: string): GeminiError {
  return new GeminiError({
    kind: isGeminiError(first) ? first.kind : "bad-request",
    message: BATCH_TOASTS.failed(count),
    advice,
  });
}
