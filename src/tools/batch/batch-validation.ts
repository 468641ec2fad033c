/** The batch's checks (no React): which added files fit in the batch, and what a run still lacks. */
import { MAX_BATCH_FILES } from "./batch-image";
import { notImagesMessage, tooManyMessage, VALIDATION } from "./batch-copy";

/**
 * The files that fit next to the `count` images already in the batch, what to tell about the rest
 * (null: nothing left out), and the toast when some did not fit.
 */
export function fitFiles(files: File[], count: number, skippedNotImages: number) {
  const room = Math.max(0, MAX_BATCH_FILES - count);
  const accepted = files.slice(0, room);
  const skipped = files.length - accepted.length;
  const messages: string[] = [];
  if (skipped > 0) messages.push(tooManyMessage(skipped));
  if (skippedNotImages > 0) messages.push(notImagesMessage(skippedNotImages));
  return {
    accepted,
    notice: messages.length ? messages.join(" ") : null,
    toast: skipped > 0 ? tooManyMessage(skipped) : null,
  };
}

export type BatchValidation = { files?: string; instruction?: string };

/** What "Process All Images" lacks: images, an instruction (empty: nothing). */
export function validateBatch(count: number, instruction: string): BatchValidation {
  return {
    files: count === 0 ? VALIDATION.noFiles : undefined,
    instruction: instruction.trim() === "" ? VALIDATION.noInstruction : undefined,
  };
}

/** The first refusal of a validation, for the toast (undefined: none). */
export const firstProblem = (v: BatchValidation) => v.files ?? v.instruction;
