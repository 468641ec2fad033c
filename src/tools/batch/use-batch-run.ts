/**
 * The batch's runs on the shared AI run: the allowance checked for the whole batch first, the queue's
 * events dispatched into the batch reducer as they come, each result counted and kept on the device
 * the moment it comes back, the photos decoded ahead between runs. Leaving the page stops the run.
 */
import { useCallback, useEffect, useRef, type Dispatch, type RefObject } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ImageOutput } from "@/config/image-output";
import { GATE_TOAST_MS } from "@/config/tiers";
import { outputFeatures } from "@/lib/tool-output";
import { useTool } from "@/hooks/use-tool";
import { useKeepCreation } from "@/lib/creations";
import type { ObjectUrls } from "@/hooks/use-object-urls";
import { useUser } from "@/lib/auth";
import { subscriptionQueryOptions } from "@/lib/subscription";
import { batchRunCopy, notEnoughMessage } from "./batch-copy";
import { keptBatchResult } from "./batch-image";
import type { BatchRun, BatchSummary } from "@/lib/run-queue";
import type { BatchAction, BatchItem } from "./batch-state";
import { useBatchPhotos } from "./use-batch-photos";

export type BatchInput = {
  items: { id: string; file: File }[];
  instruction: string;
  /** The shape and size of every result (each photo's own shape with "Same as photo"). */
  output?: ImageOutput;
};

type BatchRunOptions = {
  items: BatchItem[];
  /** The items as they are now (read while a run goes on). */
  itemsRef: RefObject<BatchItem[]>;
  dispatch: Dispatch<BatchAction>;
  urls: ObjectUrls;
  /** A run is allowed and starts. */
  onStart: () => void;
};

export function useBatchRun({ items, itemsRef, dispatch, urls, onStart }: BatchRunOptions) {
  const user = useUser();
  const queryClient = useQueryClient();
  const keepCreation = useKeepCreation();
  const runRef = useRef<BatchRun | null>(null);
  const doneRef = useRef(0);

  // Leaving the page stops what is still running.
  useEffect(() => () => runRef.current?.cancelAll(), []);

  const ai = useTool<BatchInput, BatchSummary>("batch", {
    run: async (input, ctx) => {
      // Tells this run's results apart in My Creations, so a reload shows this batch again.
      const runId = crypto.randomUUID();
      // The run's code comes as the batch starts (use-batch-run.lazy.ts), before anything is queued.
      const { batchOutcome, startBatchRun } = await import("./use-batch-run.lazy");
      onStart();
      // The run is allowed: earlier results of these images are replaced.
      const ids = new Set(input.items.map((i) => i.id));
      for (const item of itemsRef.current) if (ids.has(item.id)) urls.revoke(item.result?.url);
      dispatch({ type: "queue", ids: [...ids] });
      doneRef.current = 0;
      const run = startBatchRun({
        ...input,
        image: (call) => ctx.image({ ...call, output: input.output }),
        signal: ctx.signal,
        onWait: ctx.onRetryWait,
        photos,
        onEvent: (event) => {
          if (event.type !== "done") {
            dispatch(event);
            return;
          }
          // Counted the moment it comes back: closing the tab later keeps exactly this count.
          ctx.count();
          doneRef.current++;
          const file = input.items.find((i) => i.id === event.id)?.file;
          const sent = photos.sendable(event.id)?.blob;
          const output = input.output;
          void keepCreation(keptBatchResult(runId, input.instruction, event.result, { file, sent }, output));
          dispatch({ ...event, result: { ...event.result, url: urls.make(event.result.blob), output } });
        },
      });
      runRef.current = run;
      let summary: BatchSummary;
      try {
        summary = await run.done;
      } finally {
        runRef.current = null;
        // SPEC 4.7: usage is read again afterwards (the plan too, in case it changed meanwhile).
        if (user)
          void queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions(user.id).queryKey });
      }
      ctx.signal.throwIfAborted();
      return batchOutcome(summary, run.firstFailure());
    },
    copy: () => batchRunCopy(() => doneRef.current),
    cost: (input) => input.items.length,
    feature: (input) => outputFeatures(input.output),
    counting: "manual",
    // A gate on the way to Pricing keeps every photo of the batch (not only those of this run) and
    // the instruction: paying brings the whole batch back.
    gateTask: (input) => ({
      files: itemsRef.current.map((item) => item.file),
      words: input.instruction,
    }),
    onDenied: (denied, input, toPricing) => {
      if (denied.reason !== "limit" || denied.remaining === 0) return false;
      toast.error(notEnoughMessage(denied.remaining, input.items.length), { duration: GATE_TOAST_MS });
      toPricing();
      return true;
    },
  });
  const photos = useBatchPhotos({ items, paused: ai.running, dispatch, makeUrl: urls.make });
  /** Cancels one image of the run (waiting or running). */
  const cancelItem = useCallback((id: string) => runRef.current?.cancel(id), []);
  return { ai, photos, cancelItem };
}
