/**
 * Results kept on this device (issue 11): every tool's results, per signed-in user, in IndexedDB.
 * Tools don't call this directly: they pass `keep` to useAiRun or call keepCreation (src/hooks/keep-creation.ts).
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
export {
  prepareCreation,
  readText,
  ORIGINAL_KEPT_SIDE,
  ORIGINAL_THUMB_SIDE,
  RESULT_THUMB_SIDE,
} from "./prepare";
export { canvasThumbnailMaker, makeThumbnail, setThumbnailMaker, type ThumbnailMaker } from "./thumbnail";
export { estimateStorage, formatBytes, requestPersistence, type StorageEstimateInfo } from "./storage";

import { prepareCreation, withThumbnails } from "./prepare";
import { getCreation, openCreationsDb, putCreation } from "./store";
import { requestPersistence } from "./storage";
import type { CreationRecord, NewCreation } from "./types";

/**
 * Keeps one result for the user in two writes: first the file and the original as they came (a
 * reload a moment later already finds them), then the thumbnails and the downscaled original in
 * their place. Asks the browser to keep the data on the first save. Throws a CreationStoreError
 * when the first write fails; a failure of the second leaves the first in place.
 */
export async function saveCreation(userId: string, creation: NewCreation): Promise<CreationRecord> {
  // The storage of this moment: a save still running when it changes (tests) writes where it began.
  const database = openCreationsDb();
  const quick = await prepareCreation(creation, Date.now(), { thumbnails: false });
  let record = await putCreation(userId, quick, database);
  void requestPersistence();
  try {
    record = await putCreation(userId, await withThumbnails(quick), database);
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
