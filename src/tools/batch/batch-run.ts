/**
 * One run of the batch (no React): the queue over its images, each sent with the instruction as
 * prepared ahead (or prepared now, its thumbnail handed to the card), every queue event passed on,
 * a dropped connection stopping what is not done yet, and what the run comes to: its summary, a toast
 * for the failures, or one error when nothing came back or the connection dropped.
 */
import { toast } from "sonner";
import { GeminiError } from "@/lib/gemini/errors";
import type { RetryWait } from "@/lib/gemini/retry";
import { isOnline, onConnectionChange } from "@/lib/connection";
import { OFFLINE_RUN_ADVICE } from "@/lib/offline";
import { BATCH_TOASTS, batchFailed } from "./batch-copy";
import { batchErrorText, processBatchImage, type BatchResult } from "./batch-image";
import { startBatch, type BatchEvent, type BatchRun, type BatchSummary } from "@/lib/run-queue";
import type { BatchPhotos } from "./use-batch-photos";
import type { ToolRunContext } from "../run-context";

export type BatchRunOptions = {
  items: { id: string; file: File }[];
  instruction: string;
  /** The run's image call (src/tools/run-context.ts). */
  image: ToolRunContext["image"];
  signal: AbortSignal;
  onWait: (wait: RetryWait | null) => void;
  photos: Pick<BatchPhotos, "sendable" | "keep" | "showThumbnail" | "needsThumbnail">;
  onEvent: (event: BatchEvent<BatchResult>) => void;
};

/** A run the dropped connection stopped: the banner (its Try again resumes the images not done yet). */
export const BATCH_OFFLINE_MESSAGE = "You're offline, so the batch stopped";
export const BATCH_OFFLINE_ADVICE =
  "The images that came back are kept. The others are still here and nothing was counted for them: press Try again once you're back online.";
/** On the card of each image the dropped connection stopped. */
export const BATCH_ITEM_OFFLINE_MESSAGE = "Not sent: you're offline";

/** The first failure of a run: its error, the first advice any failure gave, and a dropped connection. */
type FirstFailure = { error: unknown; advice: string; offline: boolean };

/** What the card of an image the dropped connection stopped says: retried by "Try again" later. */
const itemOffline = () =>
  new GeminiError({
    kind: "offline",
    message: BATCH_ITEM_OFFLINE_MESSAGE,
    advice: OFFLINE_RUN_ADVICE,
    retryable: true,
  });

/**
 * The run over the queue. The connection dropping (the browser's offline event) stops every image not
 * done yet: each is cut off or never sent, counted for nothing, and its card says it was not sent for
 * want of a connection, so "Try again" or "Retry failed" takes it again once back online. The images
 * that came back stay done, counted and kept.
 */
export function startBatchRun(options: BatchRunOptions): BatchRun & { firstFailure: () => FirstFailure } {
  const { instruction, image, photos } = options;
  const first: FirstFailure = { error: null, advice: "", offline: false };
  /** Images stopped by the dropped connection: reported as failed (retryable), not as cancelled. */
  let stoppedOffline = 0;
  const run = startBatch({
    items: options.items,
    signal: options.signal,
    onWait: options.onWait,
    process: (item, task) =>
      processBatchImage(item.file, instruction, image, {
        ...task,
        sendable: photos.sendable(item.id),
        onPrepared: (sendable) => photos.keep(item.id, sendable),
        onThumbnail: photos.needsThumbnail(item.id)
          ? (blob) => photos.showThumbnail(item.id, blob)
          : undefined,
      }),
    onEvent: (event) => {
      if (event.type === "cancelled" && first.offline && !options.signal.aborted) {
        stoppedOffline++;
        options.onEvent({ type: "failed", id: event.id, error: itemOffline() });
        return;
      }
      if (event.type === "failed") {
        first.error ??= event.error;
        first.advice ||= batchErrorText(event.error).advice;
      }
      options.onEvent(event);
    },
  });
  const stopWhenOffline = onConnectionChange(() => {
    if (isOnline() || first.offline) return;
    first.offline = true;
    for (const item of options.items) run.cancel(item.id);
  });
  const done = run.done
    .then((summary): BatchSummary => ({
      ...summary,
      failed: summary.failed + stoppedOffline,
      cancelled: summary.cancelled - stoppedOffline,
    }))
    .finally(stopWhenOffline);
  return { ...run, done, firstFailure: () => first };
}

/**
 * What a finished run comes to: stopped by a dropped connection is the batch's offline error (the
 * banner's Try again resumes it), nothing back and failures is one error (the count and the first
 * failure's advice), nothing back at all a cancel; otherwise the summary, with a toast for any failures.
 */
export function batchOutcome(summary: BatchSummary, first: FirstFailure): BatchSummary {
  if (first.offline)
    throw new GeminiError({ kind: "offline", message: BATCH_OFFLINE_MESSAGE, advice: BATCH_OFFLINE_ADVICE });
  if (summary.done === 0 && summary.failed > 0) throw batchFailed(summary.failed, first.error, first.advice);
  if (summary.done === 0) throw new DOMException("Every image was cancelled", "AbortError");
  if (summary.failed > 0) toast.error(BATCH_TOASTS.failed(summary.failed), { description: first.advice });
  return summary;
}
