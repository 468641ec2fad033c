/**
 * Results kept on this device: every tool's results, per signed-in user, in IndexedDB.
 * Tools don't call this directly: they pass `keep` to useAiRun or call keepCreation (src/lib/keep-creation.ts).
 */
export type {
  CreationFiles,
  CreationKind,
  CreationRecord,
  CreationThumbs,
  DeletedCreation,
  NewCreation,
  PreparedCreation,
} from "./types";
export { CreationStoreError, isCreationStoreError, type CreationStoreErrorKind } from "./errors";
export {
  creationsUsage,
  deleteAllCreations,
  deleteCreation,
  deleteOldestCreations,
  getCreation,
  getLastCreation,
  getThumbs,
  listCreations,
  putCreation,
  restoreCreation,
  subscribeCreations,
  type ListPage,
  type ListQuery,
} from "./store";
export { prepareCreation, ORIGINAL_KEPT_SIDE, ORIGINAL_THUMB_SIDE, RESULT_THUMB_SIDE } from "./prepare";
/** A kept text result's text. */
export { blobText as readText } from "@/lib/read-blob";
export { canvasThumbnailMaker, makeThumbnail, setThumbnailMaker, type ThumbnailMaker } from "./thumbnail";
export { estimateStorage, formatBytes, requestPersistence, type StorageEstimateInfo } from "./storage";

import { prepareCreation, withThumbnails } from "./prepare";
import { getCreation, openCreationsDb, putCreation } from "./store";
import { requestPersistence } from "./storage";
import type { CreationRecord, NewCreation } from "./types";

/** Thumbnail work waiting its turn: one creation at a time, each when the page is idle. */
let backgroundChain: Promise<unknown> = Promise.resolve();

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * Runs `job` after the background jobs before it, once the page is idle (or after a second): the
 * thumbnails of a batch's results then wait for the gaps between its requests instead of decoding
 * three pictures at once while the next photo should be sent.
 */
function inBackground<T>(job: () => Promise<T>): Promise<T> {
  const run = backgroundChain.then(whenIdle).then(job);
  backgroundChain = run.catch(() => undefined);
  return run;
}

/**
 * Keeps one result for the user in two writes: first the file and the original as they came (a
 * reload a moment later already finds them), then the thumbnails and the downscaled original in
 * their place (background work: one creation at a time, when the page is idle). Asks the browser to keep the data on the first save. Throws a CreationStoreError
 * when the first write fails; a failure of the second leaves the first in place.
 */
export async function saveCreation(
  userId: string,
  creation: NewCreation,
  options: {
    /** Called once the first write is done (the record is there, its thumbnails may not be yet). */
    onStored?: (record: CreationRecord) => void;
  } = {},
): Promise<CreationRecord> {
  // The storage of this moment: a save still running when it changes (tests) writes where it began.
  const database = openCreationsDb();
  const quick = await prepareCreation(creation, Date.now(), { thumbnails: false });
  let record = await putCreation(userId, quick, database);
  options.onStored?.(record);
  void requestPersistence();
  try {
    record = await putCreation(userId, await inBackground(() => withThumbnails(quick)), database);
  } catch (error) {
    console.warn("The creation was kept without its thumbnails", error);
  }
  return record;
}

/**
 * Makes the thumbnails of a creation whose second write never happened (the page was closed right
 * after the result came). True when it was completed.
 */
export async function completeCreation(userId: string, id: string): Promise<boolean> {
  const found = await getCreation(userId, id);
  if (!found) return false;
  const { file, original } = found.files;
  const full = await withThumbnails({ record: found.record, thumbs: { id }, files: { id, file, original } });
  await putCreation(userId, full);
  return true;
}
