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

import { prepareCreation } from "./prepare";
import { putCreation } from "./store";
import { requestPersistence } from "./storage";
import type { CreationRecord, NewCreation } from "./types";

/** Prepares and writes one result for the user; asks the browser to keep the data on the first save. */
export async function saveCreation(userId: string, creation: NewCreation): Promise<CreationRecord> {
  const prepared = await prepareCreation(creation);
  const record = await putCreation(userId, prepared);
  void requestPersistence();
  return record;
}
