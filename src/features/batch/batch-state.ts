/**
 * Every image of the batch and where it is, in one reducer: its thumbnail, its state (waiting,
 * preparing, sending, done, failed, cancelled), its result or its error. Object URLs are made and
 * revoked by the hook; the reducer only holds them.
 */
export type ItemStatus = "idle" | "waiting" | "preparing" | "sending" | "done" | "failed" | "cancelled";

export type ItemResult = { url: string; blob: Blob; mimeType: string };

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
  | { type: "add"; items: { id: string; file: File }[] }
  /** The last batch's results, kept on the device, shown again after a reload (as done cards). */
  | { type: "restore"; items: { id: string; file: File; thumbUrl: string; result: ItemResult }[] }
  | { type: "remove"; id: string }
  | { type: "clear" }
  | { type: "thumb"; id: string; thumb: BatchItem["thumb"] }
  /** A run starts with these items: back to waiting, earlier results and errors dropped. */
  | { type: "queue"; ids: string[] }
  | { type: "phase"; id: string; status: "preparing" | "sending" }
  | { type: "done"; id: string; result: ItemResult }
  | { type: "failed"; id: string; error: BatchItemError }
  | { type: "cancelled"; id: string };

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
      return update(state, action.id, (item) => (inRun(item) ? { ...item, status: action.status } : item));
    case "done":
      return update(state, action.id, (item) =>
        inRun(item) ? { ...item, status: "done", result: action.result } : item,
      );
    case "failed":
      return update(state, action.id, (item) =>
        inRun(item) ? { ...item, status: "failed", error: action.error } : item,
      );
    case "cancelled":
      return update(state, action.id, (item) => (inRun(item) ? { ...item, status: "cancelled" } : item));
  }
}

export function countByStatus(items: readonly BatchItem[]) {
  const counts = { idle: 0, waiting: 0, preparing: 0, sending: 0, done: 0, failed: 0, cancelled: 0 };
  for (const item of items) counts[item.status]++;
  return counts;
}
