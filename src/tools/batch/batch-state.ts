/**
 * Every image of the batch and where it is, in one reducer: its thumbnail, its state (waiting,
 * preparing, sending, done, failed, cancelled), its result or its error. The queue's events
 * (src/lib/run-queue.ts) are actions of their own: the hook dispatches them as they come. Object URLs are
 * made and revoked by the hook; the reducer only holds them.
 */
import { isImageInputError } from "@/lib/image";
import { batchErrorText } from "./batch-image";
import type { BatchEvent } from "@/lib/run-queue";
import type { ImageOutput } from "@/config/image-output";

export type ItemStatus = "idle" | "waiting" | "preparing" | "sending" | "done" | "failed" | "cancelled";

/** A result, with the Shape and Size it was made at (its file name says a size above 1K). */
export type ItemResult = { url: string; blob: Blob; mimeType: string; output?: ImageOutput };

export type BatchItem = {
  id: string;
  file: File;
  thumb: { state: "pending" } | { state: "ready"; url: string } | { state: "failed"; message: string };
  status: ItemStatus;
  result: ItemResult | null;
  error: BatchItemError | null;
};

/** "Error: {text}" on the card, what to do, and whether "Retry failed" takes the image again. */
export type BatchItemError = { text: string; advice: string; retryable: boolean };

export type BatchState = { items: BatchItem[] };

export type BatchAction =
  /** What the queue says of an image (a result arrives with its object URL made). */
  | BatchEvent<ItemResult>
  | { type: "add"; items: { id: string; file: File }[] }
  /** The last batch's results, kept on the device, shown again after a reload (as done cards). */
  | { type: "restore"; items: { id: string; file: File; thumbUrl: string; result: ItemResult }[] }
  | { type: "remove"; id: string }
  | { type: "clear" }
  | { type: "thumb"; id: string; thumb: BatchItem["thumb"] }
  /** A run starts with these items: back to waiting, earlier results and errors dropped. */
  | { type: "queue"; ids: string[] };

export const initialBatchState: BatchState = { items: [] };

function update(state: BatchState, id: string, change: (item: BatchItem) => BatchItem): BatchState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.id !== id) return item;
    changed = true;
    return change(item);
  });
  return changed ? { items } : state;
}

/** Only an item still being worked on can move on (a late event for a cancelled one is ignored). */
const inRun = (item: BatchItem) =>
  item.status === "waiting" || item.status === "preparing" || item.status === "sending";

export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case "add":
      return {
        items: [
          ...state.items,
          ...action.items.map(({ id, file }): BatchItem => ({
            id,
            file,
            thumb: { state: "pending" },
            status: "idle",
            result: null,
            error: null,
          })),
        ],
      };
    case "restore":
      return {
        items: action.items.map(({ id, file, thumbUrl, result }): BatchItem => ({
          id,
          file,
          thumb: { state: "ready", url: thumbUrl },
          status: "done",
          result,
          error: null,
        })),
      };
    case "remove":
      return { items: state.items.filter((item) => item.id !== action.id) };
    case "clear":
      return initialBatchState;
    case "thumb":
      return update(state, action.id, (item) => ({ ...item, thumb: action.thumb }));
    case "queue": {
      const ids = new Set(action.ids);
      return {
        items: state.items.map((item) =>
          ids.has(item.id) ? { ...item, status: "waiting", result: null, error: null } : item,
        ),
      };
    }
    case "phase":
      return update(state, action.id, (item) => (inRun(item) ? { ...item, status: action.phase } : item));
    case "done":
      return update(state, action.id, (item) =>
        inRun(item) ? { ...item, status: "done", result: action.result } : item,
      );
    case "failed": {
      const error = batchErrorText(action.error);
      // An unreadable file also says so where its thumbnail would be.
      const thumbFailed = isImageInputError(action.error);
      return update(state, action.id, (item) => {
        const thumb: BatchItem["thumb"] = thumbFailed ? { state: "failed", message: error.text } : item.thumb;
        return inRun(item) ? { ...item, thumb, status: "failed", error } : { ...item, thumb };
      });
    }
    case "cancelled":
      return update(state, action.id, (item) => (inRun(item) ? { ...item, status: "cancelled" } : item));
  }
}

export function countByStatus(items: readonly BatchItem[]) {
  const counts = { idle: 0, waiting: 0, preparing: 0, sending: 0, done: 0, failed: 0, cancelled: 0 };
  for (const item of items) counts[item.status]++;
  return counts;
}

/** What "Retry failed" takes again: failed (not for an unreadable file) and cancelled images. */
export const isRetryable = (item: BatchItem) =>
  item.status === "cancelled" || (item.status === "failed" && item.error?.retryable !== false);

const isFinished = (item: BatchItem) =>
  item.status === "done" || item.status === "failed" || item.status === "cancelled";

/** "k of n" of a run: how many of its images are finished. */
export function runProgress(items: readonly BatchItem[], run: readonly { id: string }[]) {
  const ids = new Set(run.map((i) => i.id));
  const inThisRun = items.filter((item) => ids.has(item.id));
  return { total: inThisRun.length, finished: inThisRun.filter(isFinished).length };
}
