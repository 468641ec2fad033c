/**
 * Batch Image Processing (SPEC 2.14, 4.7, 5, 8 "Batch"), what the page works with: the images and
 * the instruction, adding, removing and clearing them, the checks before a run, one run per "Process
 * All Images" or "Retry failed" (use-batch-run.ts: at most three images at once, each result counted
 * as it comes back), cancel one or all, and the downloads. The last batch shows again after a reload.
 */
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { toast } from "sonner";
import { splitImageFiles } from "@/components/multi-upload-area";
import { listCreations, registerKept, useIncomingPhotos } from "@/lib/creations";
import { useObjectUrls } from "@/hooks/use-object-urls";
import { useUser } from "@/lib/auth";
import { MAX_BATCH_FILES } from "./batch-image";
import { VALIDATION } from "./batch-copy";
import {
  batchReducer,
  countByStatus,
  initialBatchState,
  isRetryable,
  runProgress,
  type BatchItem,
} from "./batch-state";
import { firstProblem, fitFiles, validateBatch, type BatchValidation } from "./batch-validation";
import { useBatchDownloads } from "./use-batch-downloads";
import { useBatchRun } from "./use-batch-run";
import { useLastBatch } from "./use-last-batch";

let nextId = 0;
const newId = () => `batch-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

/**
 * The kept creations of a batch shown again (its cards' ids are theirs), registered under the result
 * each card shows: "Edit with…" from a card then starts its chain at that creation.
 */
function registerRestored(userId: string, items: readonly { id: string; result: { blob: Blob } }[]) {
  const records = listCreations(userId, { tool: "batch", limit: MAX_BATCH_FILES })
    .then((page) => new Map(page.items.map((record) => [record.id, record])))
    .catch(() => new Map<string, never>());
  for (const item of items)
    registerKept(
      item.result.blob,
      records.then((found) => found.get(item.id) ?? null),
    );
}

export function useBatch() {
  const userId = useUser()?.id;
  const [state, dispatch] = useReducer(batchReducer, initialBatchState);
  const [instruction, setInstruction] = useState("");
  const [validation, setValidation] = useState<BatchValidation>({});
  const [notice, setNotice] = useState<string | null>(null);
  /** The cards are the last batch, kept on the device (until photos are added, removed or run). */
  const [restored, setRestored] = useState(false);
  const restoredRef = useRef(false);
  const itemsRef = useRef<BatchItem[]>(state.items);
  const urls = useObjectUrls();

  useEffect(() => {
    itemsRef.current = state.items;
    restoredRef.current = restored;
  });

  useLastBatch({
    isEmpty: () => itemsRef.current.length === 0,
    makeUrl: urls.make,
    show: (items, lastInstruction) => {
      dispatch({ type: "restore", items });
      setInstruction((current) => current || lastInstruction);
      setRestored(true);
      if (userId) registerRestored(userId, items);
    },
  });

  const { ai, photos, cancelItem } = useBatchRun({
    items: state.items,
    itemsRef,
    dispatch,
    urls,
    onStart: () => setRestored(false),
  });
  const running = ai.running;
  const downloads = useBatchDownloads(state.items);

  const addFiles = useCallback(
    (files: File[], skippedNotImages = 0) => {
      if (running) return;
      setRestored(false);
      const fit = fitFiles(files, itemsRef.current.length, skippedNotImages);
      setNotice(fit.notice);
      if (fit.toast) toast.error(fit.toast);
      if (fit.accepted.length === 0) return;
      dispatch({ type: "add", items: fit.accepted.map((file) => ({ id: newId(), file })) });
      setValidation((v) => ({ ...v, files: undefined }));
    },
    [running],
  );

  /** Drops a card, or every card: their object URLs and prepared photos go with them. */
  const drop = useCallback(
    (items: BatchItem[]) => {
      for (const item of items) {
        if (item.thumb.state === "ready") urls.revoke(item.thumb.url);
        urls.revoke(item.result?.url);
        photos.forget(item.id);
      }
      setNotice(null);
    },
    [photos, urls],
  );

  // Photos handed over (shared into the app, or a result sent on with "Edit with…") are added as a
  // drop of them is (what is not an image is left out and said, the 50-file rule applies); the last
  // batch shown again gives way to them. A batch a gate stopped comes back whole: every photo and the
  // instruction, to process.
  useIncomingPhotos((files, task) => {
    if (running) return;
    if (restoredRef.current) {
      drop(itemsRef.current);
      photos.forget();
      dispatch({ type: "clear" });
      ai.reset();
      itemsRef.current = [];
      restoredRef.current = false;
    }
    if (task?.words) {
      setInstruction(task.words);
      setValidation((v) => ({ ...v, instruction: undefined }));
    }
    const { images, skipped } = splitImageFiles(files, "drop");
    if (images.length > 0 || skipped > 0) addFiles(images, skipped);
  });

  const remove = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (running || !item) return;
      drop([item]);
      dispatch({ type: "remove", id });
    },
    [drop, running],
  );

  const clear = useCallback(() => {
    if (running) return;
    drop(itemsRef.current);
    photos.forget();
    setRestored(false);
    dispatch({ type: "clear" });
    ai.reset();
  }, [ai, drop, photos, running]);

  const start = useCallback(
    (items: BatchItem[]) =>
      void ai.run({
        items: items.map(({ id, file }) => ({ id, file })),
        instruction: instruction.trim(),
      }),
    [ai, instruction],
  );

  const processAll = useCallback(() => {
    if (running) return;
    const next = validateBatch(itemsRef.current.length, instruction);
    setValidation(next);
    const problem = firstProblem(next);
    if (problem) toast.error(problem);
    else start(itemsRef.current);
  }, [instruction, running, start]);

  const retryFailed = useCallback(() => {
    const again = itemsRef.current.filter(isRetryable);
    if (running || again.length === 0) return;
    if (instruction.trim() === "") {
      setValidation({ instruction: VALIDATION.noInstruction });
      toast.error(VALIDATION.noInstruction);
      return;
    }
    start(again);
  }, [instruction, running, start]);

  const cancelAll = useCallback(() => ai.cancel(), [ai]);

  return {
    items: state.items,
    ...downloads,
    counts: countByStatus(state.items),
    instruction,
    setInstruction: (value: string) => {
      setInstruction(value);
      if (value.trim()) setValidation((v) => ({ ...v, instruction: undefined }));
    },
    validation,
    notice,
    running,
    error: ai.state.error,
    retryWait: ai.state.retryWait,
    /**
     * Every card has been through a run (or is the last batch shown again): the page's main actions are
     * then Download all and Start over, and running the same photos again asks first.
     */
    finished: !running && state.items.length > 0 && state.items.every((item) => item.status !== "idle"),
    /** "k of n" of the current or last run. */
    progress: runProgress(state.items, ai.state.input?.items ?? []),
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
  };
}
