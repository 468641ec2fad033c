/**
 * One run of the batch (no React): the queue over its images, each sent with the instruction as
 * prepared ahead (or prepared now, its thumbnail handed to the card), every queue event passed on,
 * and what the run comes to: its summary, a toast for the failures, or one error when nothing came back.
 */
import { toast } from "sonner";
import type { GeminiTarget, RetryWait } from "@/lib/gemini";
import { BATCH_TOASTS, batchFailed } from "./batch-copy";
import { batchErrorText, processBatchImage, type BatchResult } from "./batch-image";
import { startBatch, type BatchEvent, type BatchRun, type BatchSummary } from "./batch-queue";
import type { BatchPhotos } from "./use-batch-photos";

export type BatchRunOptions = {
  items: { id: string; file: File }[];
  instruction: string;
  target: GeminiTarget;
  signal: AbortSignal;
  onWait: (wait: RetryWait | null) => void;
  photos: Pick<BatchPhotos, "sendable" | "keep" | "showThumbnail" | "needsThumbnail">;
  onEvent: (event: BatchEvent<BatchResult>) => void;
};

/** The first failure of a run: its error, and the first advice any failure gave. */
type FirstFailure = { error: unknown; advice: string };

export function startBatchRun(options: BatchRunOptions): BatchRun & { firstFailure: () => FirstFailure } {
  const { instruction, target, photos } = options;
  const first: FirstFailure = { error: null, advice: "" };
  const run = startBatch({
    items: options.items,
    signal: options.signal,
    onWait: options.onWait,
    process: (item, task) =>
      processBatchImage(item.file, instruction, target, {
        ...task,
        sendable: photos.sendable(item.id),
        onPrepared: (sendable) => photos.keep(item.id, sendable),
        onThumbnail: photos.needsThumbnail(item.id)
          ? (blob) => photos.showThumbnail(item.id, blob)
          : undefined,
      }),
    onEvent: (event) => {
      if (event.type === "failed") {
        first.error ??= event.error;
        first.advice ||= batchErrorText(event.error).advice;
      }
      options.onEvent(event);
    },
  });
  return { ...run, firstFailure: () => first };
}

/**
 * What a finished run comes to: nothing back and failures is one error (the count and the first
 * failure's advice), nothing back at all a cancel; otherwise the summary, with a toast for any failures.
 */
export function batchOutcome(summary: BatchSummary, first: FirstFailure): BatchSummary {
  if (summary.done === 0 && summary.failed > 0) throw batchFailed(summary.failed, first.error, first.advice);
  if (summary.done === 0) throw new DOMException("Every image was cancelled", "AbortError");
  if (summary.failed > 0) toast.error(BATCH_TOASTS.failed(summary.failed), { description: first.advice });
  return summary;
}
