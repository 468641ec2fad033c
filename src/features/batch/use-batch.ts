import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { GATE_TOAST_MS } from "@/config/tiers";
import { useKeepCreation } from "@/hooks/use-kept-creation";
import { useAiRun } from "@/hooks/use-ai-run";
import { useApiKey } from "@/lib/api-key";
import { useUser } from "@/lib/auth";
import { GeminiError, isGeminiError, resolveGeminiTarget } from "@/lib/gemini";
import { downloadImage, isImageInputError } from "@/lib/image";
import { subscriptionQueryOptions } from "@/lib/subscription";
import {
  batchErrorText,
  MAX_BATCH_FILES,
  prepareBatchPhoto,
  processBatchImage,
  resultFileName,
  zipResults,
  batchDetails,
  lastBatchRun,
  type SendableImage,
} from "./batch-image";
import { startBatch, type BatchRun, type BatchSummary } from "./batch-queue";
import { batchReducer, countByStatus, initialBatchState, type BatchItem } from "./batch-state";

export const ZIP_NAME = "batch-results.zip";

export const BATCH_TOASTS = {
  processing: "Processing images...",
  success: (n: number) => `Successfully processed ${n} image(s)`,
  failed: (n: number) => `Failed to process ${n} image(s)`,
  batchFailed: "Batch processing failed",
} as const;

export const VALIDATION = {
  noFiles: "Please add at least one image to process.",
  noInstruction: "Please enter an instruction for your images.",
} as const;

/** SPEC 5 "Batch": more files than conversions left. */
export function notEnoughMessage(remaining: number, count: number): string {
  return `You don't have enough conversions left (${remaining}) to process ${count} files. Please upgrade your plan.`;
}

export function tooManyMessage(skipped: number): string {
  return `You can process at most ${MAX_BATCH_FILES} images at a time: ${skipped} ${
    skipped === 1 ? "file was" : "files were"
  } not added.`;
}

type BatchInput = {
  items: { id: string; file: File }[];
  instruction: string;
  apiKey: string;
};

/** What "Retry failed" takes again: failed (not for an unreadable file) and cancelled images. */
export const isRetryable = (item: BatchItem) =>
  item.status === "cancelled" || (item.status === "failed" && item.error?.retryable !== false);

let nextId = 0;
const newId = () => `batch-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

/** A batch where nothing came back: the count in front, and what to do about the first failure. */
function batchFailed(count: number, first: unknown, advice: string): GeminiError {
  return new GeminiError({
    kind: isGeminiError(first) ? first.kind : "bad-request",
    message: BATCH_TOASTS.failed(count),
    advice,
  });
}

/**
 * Batch Image Processing (SPEC 2.14, 4.7, 5, 8 "Batch") on the shared AI run: one run per "Process
 * All Images" or "Retry failed", the allowance checked for the whole batch first, the queue working on
 * at most three images at once, each result counted as it comes back. Cancel one or all, or leave the
 * page: what is still running stops and nothing more is counted.
 */
export function useBatch() {
  const apiKey = useApiKey();
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(batchReducer, initialBatchState);
  const [instruction, setInstruction] = useState("");
  const [validation, setValidation] = useState<{ files?: string; instruction?: string }>({});
  const [notice, setNotice] = useState<string | null>(null);
  const runRef = useRef<BatchRun | null>(null);
  const summaryRef = useRef<BatchSummary>({ done: 0, failed: 0, cancelled: 0 });
  const itemsRef = useRef<BatchItem[]>(state.items);
  /** Each photo as it will be sent, prepared ahead (Blobs, outside the JS heap), by item id. */
  const sendables = useRef(new Map<string, SendableImage>());
  /** Every object URL this page made and has not revoked yet. */
  const urls = useRef(new Set<string>());
  const mounted = useRef(true);
  /** Each image is kept on the device (My Creations) as it comes back. */
  const keepCreation = useKeepCreation();

  useEffect(() => {
    itemsRef.current = state.items;
  });

  const makeUrl = useCallback((blob: Blob) => {
    const url = URL.createObjectURL(blob);
    urls.current.add(url);
    return url;
  }, []);
  const revoke = useCallback((url: string | undefined | null) => {
    if (url && urls.current.delete(url)) URL.revokeObjectURL(url);
  }, []);

  useEffect(() => {
    mounted.current = true;
    const live = urls.current;
    return () => {
      mounted.current = false;
      runRef.current?.cancelAll();
      live.forEach((url) => URL.revokeObjectURL(url));
      live.clear();
    };
  }, []);

  // A reload (or coming back later) shows the last batch again, as done cards from My Creations, with
  // its instruction; unless the visitor has already added photos by the time it is read.
  const [restored, setRestored] = useState(false);
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let active = true;
    lastBatchRun(userId)
      .then((kept) => {
        if (!active || kept.length === 0 || itemsRef.current.length > 0) return;
        dispatch({
          type: "restore",
          items: kept.map(({ record, files, originalName }) => {
            const original = files.original ?? files.file;
            return {
              id: record.id,
              file: new File([original], originalName, { type: original.type }),
              thumbUrl: makeUrl(original),
              result: { url: makeUrl(files.file), blob: files.file, mimeType: record.mimeType },
            };
          }),
        });
        setInstruction((current) => current || kept[0]!.record.instruction);
        setRestored(true);
      })
      .catch((error: unknown) => console.warn("Could not show the last batch again", error));
    return () => {
      active = false;
    };
  }, [makeUrl, userId]);

  const ai = useAiRun<BatchInput, BatchSummary>({
    execute: async (input, ctx) => {
      const target = resolveGeminiTarget(input.apiKey);
      // Tells this run's results apart in My Creations, so a reload shows this batch again.
      const runId = crypto.randomUUID();
      setRestored(false);
      // The run is allowed: earlier results of these images are replaced.
      const ids = new Set(input.items.map((i) => i.id));
      for (const item of itemsRef.current) if (ids.has(item.id)) revoke(item.result?.url);
      dispatch({ type: "queue", ids: [...ids] });
      summaryRef.current = { done: 0, failed: 0, cancelled: 0 };
      let firstAdvice = "";
      let firstError: unknown = null;

      const run = startBatch({
        items: input.items,
        signal: ctx.signal,
        onWait: ctx.onRetryWait,
        process: async (item, task) => {
          const needsThumb = itemsRef.current.find((i) => i.id === item.id)?.thumb.state === "pending";
          return processBatchImage(item.file, input.instruction, target, {
            ...task,
            sendable: sendables.current.get(item.id),
            onPrepared: (sendable) => {
              if (mounted.current && itemsRef.current.some((i) => i.id === item.id))
                sendables.current.set(item.id, sendable);
            },
            onThumbnail: needsThumb
              ? (blob) => {
                  if (mounted.current)
                    dispatch({ type: "thumb", id: item.id, thumb: { state: "ready", url: makeUrl(blob) } });
                }
              : undefined,
          });
        },
        onEvent: (event) => {
          switch (event.type) {
            case "phase":
              dispatch({ type: "phase", id: event.id, status: event.phase });
              return;
            case "done":
              // Counted the moment it comes back: closing the tab later keeps exactly this count.
              ctx.count();
              summaryRef.current.done++;
              {
                const original = input.items.find((i) => i.id === event.id)?.file;
                void keepCreation({
                  tool: "batch",
                  file: event.result.blob,
                  fileName: original && resultFileName(original.name, event.result.mimeType, new Set()),
                  instruction: input.instruction,
                  details: original && batchDetails(runId, original.name),
                  // The photo as sent (upright, 1536 px) rather than the file as it came: My
                  // Creations keeps 1024 px of it, and decoding a 12 MP photo again for that, per
                  // result, would hold up the requests still running.
                  original: sendables.current.get(event.id)?.blob ?? original,
                });
              }
              dispatch({
                type: "done",
                id: event.id,
                result: {
                  url: makeUrl(event.result.blob),
                  blob: event.result.blob,
                  mimeType: event.result.mimeType,
                },
              });
              return;
            case "failed": {
              const error = batchErrorText(event.error);
              firstAdvice ||= error.advice;
              firstError ??= event.error;
              summaryRef.current.failed++;
              if (isImageInputError(event.error) && mounted.current) {
                dispatch({ type: "thumb", id: event.id, thumb: { state: "failed", message: error.text } });
              }
              dispatch({ type: "failed", id: event.id, error });
              return;
            }
            case "cancelled":
              summaryRef.current.cancelled++;
              dispatch({ type: "cancelled", id: event.id });
              return;
          }
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
      if (summary.done === 0 && summary.failed > 0)
        throw batchFailed(summary.failed, firstError, firstAdvice);
      if (summary.done === 0) throw new DOMException("Every image was cancelled", "AbortError");
      if (summary.failed > 0) toast.error(BATCH_TOASTS.failed(summary.failed), { description: firstAdvice });
      return summary;
    },
    copy: () => ({
      processing: BATCH_TOASTS.processing,
      get success() {
        return BATCH_TOASTS.success(summaryRef.current.done);
      },
      failure: (reason: string) =>
        reason.startsWith("Failed to process ") ? reason : `${BATCH_TOASTS.batchFailed}: ${reason}`,
      get cancelled() {
        const { done } = summaryRef.current;
        return done > 0
          ? `Batch cancelled. ${done} image(s) came back and were counted; nothing else was counted.`
          : "Batch cancelled. Nothing was counted.";
      },
    }),
    cost: (input) => input.items.length,
    counting: "manual",
    onDenied: (denied, input) => {
      if (denied.reason !== "limit" || denied.remaining === 0) return false;
      toast.error(notEnoughMessage(denied.remaining, input.items.length), { duration: GATE_TOAST_MS });
      navigate(paths.pricing);
      return true;
    },
  });
  const running = ai.running;

  // Each photo is decoded once, in the background, one at a time while no batch runs: its card's
  // thumbnail and the image to send come from that decode (a run prepares the others itself).
  const thumbBusy = useRef(false);
  const [thumbTick, setThumbTick] = useState(0);
  useEffect(() => {
    if (running || thumbBusy.current) return;
    const next = state.items.find((item) => item.thumb.state === "pending");
    if (!next) return;
    thumbBusy.current = true;
    void prepareBatchPhoto(next.file)
      .then(
        ({ thumbnail, sendable }) => {
          if (!mounted.current) return;
          const item = itemsRef.current.find((i) => i.id === next.id);
          if (!item) return; // removed meanwhile
          sendables.current.set(next.id, sendable);
          if (item.thumb.state === "pending") {
            dispatch({ type: "thumb", id: next.id, thumb: { state: "ready", url: makeUrl(thumbnail) } });
          }
        },
        (error: unknown) => {
          if (!mounted.current) return;
          dispatch({
            type: "thumb",
            id: next.id,
            thumb: { state: "failed", message: batchErrorText(error).text },
          });
        },
      )
      .finally(() => {
        thumbBusy.current = false;
        if (mounted.current) setThumbTick((t) => t + 1);
      });
  }, [makeUrl, running, state.items, thumbTick]);

  const addFiles = useCallback(
    (files: File[], skippedNotImages = 0) => {
      if (running) return;
      setRestored(false);
      const room = Math.max(0, MAX_BATCH_FILES - itemsRef.current.length);
      const accepted = files.slice(0, room);
      const skipped = files.length - accepted.length;
      const messages: string[] = [];
      if (skipped > 0) messages.push(tooManyMessage(skipped));
      if (skippedNotImages > 0) {
        messages.push(
          `${skippedNotImages} ${skippedNotImages === 1 ? "file was" : "files were"} skipped because ${
            skippedNotImages === 1 ? "it is" : "they are"
          } not an image.`,
        );
      }
      setNotice(messages.length ? messages.join(" ") : null);
      if (skipped > 0) toast.error(tooManyMessage(skipped));
      if (accepted.length === 0) return;
      dispatch({ type: "add", items: accepted.map((file) => ({ id: newId(), file })) });
      setValidation((v) => ({ ...v, files: undefined }));
    },
    [running],
  );

  const remove = useCallback(
    (id: string) => {
      if (running) return;
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item) return;
      if (item.thumb.state === "ready") revoke(item.thumb.url);
      revoke(item.result?.url);
      sendables.current.delete(id);
      dispatch({ type: "remove", id });
      setNotice(null);
    },
    [revoke, running],
  );

  const clear = useCallback(() => {
    if (running) return;
    for (const item of itemsRef.current) {
      if (item.thumb.state === "ready") revoke(item.thumb.url);
      revoke(item.result?.url);
    }
    sendables.current.clear();
    setRestored(false);
    dispatch({ type: "clear" });
    setNotice(null);
    ai.reset();
  }, [ai, revoke, running]);

  const start = useCallback(
    (items: BatchItem[]) => {
      void ai.run({
        items: items.map(({ id, file }) => ({ id, file })),
        instruction: instruction.trim(),
        apiKey,
      });
    },
    [ai, apiKey, instruction],
  );

  const processAll = useCallback(() => {
    if (running) return;
    const next = {
      files: itemsRef.current.length === 0 ? VALIDATION.noFiles : undefined,
      instruction: instruction.trim() === "" ? VALIDATION.noInstruction : undefined,
    };
    setValidation(next);
    if (next.files || next.instruction) {
      toast.error(next.files ?? next.instruction!);
      return;
    }
    start(itemsRef.current);
  }, [instruction, running, start]);

  const retryFailed = useCallback(() => {
    if (running) return;
    const again = itemsRef.current.filter(isRetryable);
    if (again.length === 0) return;
    if (instruction.trim() === "") {
      setValidation({ instruction: VALIDATION.noInstruction });
      toast.error(VALIDATION.noInstruction);
      return;
    }
    start(again);
  }, [instruction, running, start]);

  const cancelItem = useCallback((id: string) => runRef.current?.cancel(id), []);
  const cancelAll = useCallback(() => ai.cancel(), [ai]);

  /** Result names derived from the originals, unique in the batch, in grid order. */
  const names = useMemo(() => {
    const taken = new Set<string>();
    const out = new Map<string, string>();
    for (const item of state.items) {
      if (item.result) out.set(item.id, resultFileName(item.file.name, item.result.mimeType, taken));
    }
    return out;
  }, [state.items]);

  const download = useCallback(
    (id: string) => {
      const item = state.items.find((i) => i.id === id);
      const name = names.get(id);
      if (item?.result && name) downloadImage(item.result.blob, name);
    },
    [names, state.items],
  );

  const [zipping, setZipping] = useState(false);
  const downloadAll = useCallback(async () => {
    const files = state.items.flatMap((item) =>
      item.result ? [{ name: names.get(item.id)!, blob: item.result.blob }] : [],
    );
    if (files.length === 0 || zipping) return;
    setZipping(true);
    try {
      downloadImage(await zipResults(files), ZIP_NAME);
    } catch {
      toast.error("The ZIP file could not be made. Download the images one by one instead.");
    } finally {
      setZipping(false);
    }
  }, [names, state.items, zipping]);

  const counts = countByStatus(state.items);
  const runIds = new Set(ai.state.input?.items.map((i) => i.id) ?? []);
  const runItems = state.items.filter((item) => runIds.has(item.id));
  const progress = {
    total: runItems.length,
    finished: runItems.filter((i) => i.status === "done" || i.status === "failed" || i.status === "cancelled")
      .length,
  };
  return {
    items: state.items,
    names,
    counts,
    instruction,
    setInstruction: (value: string) => {
      setInstruction(value);
      if (value.trim()) setValidation((v) => ({ ...v, instruction: undefined }));
    },
    validation,
    notice,
    running,
    zipping,
    error: ai.state.error,
    retryWait: ai.state.retryWait,
    /** "k of n" of the current or last run. */
    progress,
    retryable: state.items.filter(isRetryable).length,
    /** The cards are the last batch, kept on the device (until photos are added or removed). */
    restored: restored && state.items.length > 0 && state.items.every((item) => item.status === "done"),
    addFiles,
    remove,
    clear,
    processAll,
    retryFailed,
    cancelItem,
    cancelAll,
    download,
    downloadAll,
  };
}
