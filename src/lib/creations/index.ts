/**
 * Saved results ("creations"): every tool's results kept per signed-in user on this device
 * (IndexedDB), the chain a result was made along, photos handed from one tool to another ("Edit
 * with…", the share sheet, "Open with"), and the hooks tools and pages read them with. This file is the
 * module's one public entry: the rest of the app imports `@/lib/creations` and nothing under it (the
 * service worker alone takes `./incoming` directly, to keep React out of its bundle).
 *
 * Only re-exports, and declared free of side effects (vite.config.ts, treeshake): a page loads the files
 * of what it imports and no others. The save path (prepare.ts, keep.lazy.ts) is not exported:
 * keepCreation fetches it with the first result kept; thumbnail.ts's `makeThumbnail` is, for the grid of
 * a run's several results (components/result-grid.lazy.tsx), which is itself fetched on demand. How a tool takes part: keep.ts.
 */
export type {
  ChainStep,
  ChosenVersion,
  Creation,
  CreationFiles,
  CreationGroup,
  CreationKind,
  CreationRecord,
  CreationsUsage,
  CreationThumbs,
  DeletedCreation,
  EditWithSource,
  GroupPage,
  IncomingPhotos,
  IncomingPhotoState,
  KeptInputs,
  IncomingSource,
  ListPage,
  ListQuery,
  NewCreation,
  OpenedCreation,
  PhotoOrigin,
  StorageEstimateInfo,
  VersionGroup,
} from "./types";
export { CreationStoreError, isCreationStoreError, type CreationStoreErrorKind } from "./errors";

// Keeping results (tools).
export {
  blobToDataUrl,
  keepCreation,
  loadSave,
  NOT_KEPT_MESSAGE,
  NOT_KEPT_TOAST_ID,
  originalOf,
} from "./keep";
export {
  useKeepCreation,
  useLastCreation,
  useRestoreLastCreation,
  type RestoredCreation,
} from "./use-kept-creation";

// Where a photo came from: the chain of results before it, and the group of versions it starts or joins.
export {
  chainOf,
  copyPhotoOrigin,
  keptRecordOf,
  newPhotoGroup,
  photoGroup,
  photoOf,
  photoOrigin,
  registerKept,
  setPhotoOrigin,
} from "./origin";

// Versions of a photo: the group's creations, and the one chosen on a tool.
export { getChosenVersion } from "./chosen";
export { setChosenVersion } from "./choose";
export { useChosenVersion, useToolVersions, useVersions, type ToolVersions } from "./use-versions";

// Photos handed to a tool: "Edit with…", the share sheet, "Open with".
export { HAND_OVER_FAILED, handOver } from "./hand-over";
export {
  dismissIncoming,
  INCOMING_MAX_AGE_MS,
  latestIncoming,
  putIncoming,
  readIncoming,
  takeIncoming,
} from "./incoming";
export { INCOMING_LOST, useIncomingPhotos } from "./use-incoming-photos";
export { keepGateTask } from "./gate-keep";
export {
  backToTask,
  gateReturnOf,
  keptOption,
  taskOptions,
  type GateReturn,
  type GateReturnState,
  type GateTask,
} from "./gate-return";

// Reading and deleting (My Creations, Batch's last run, Settings).
export { getCreation, getLastCreation } from "./read";
export { creationsUsage, getThumbs, listCreations } from "./list";
export { RESULT_THUMBNAIL, makeThumbnail } from "./thumbnail";
export { getVersions, listGroups } from "./groups";
export { ownWords } from "./search";
export { deleteAllCreations, deleteCreation, deleteOldestCreations, restoreCreation } from "./write";
export { creationKeys } from "./keys";
export { creationQuery, lastCreationQuery } from "./queries";
export { creationsListQuery, recordsQuery, thumbsQuery, usageQuery, versionsQuery } from "./list-queries";
/** A kept text result's text. */
export { blobText as readText } from "@/lib/read-blob";

// The device: its storage, and removing a user's data from it.
export { estimateStorage, formatBytes, requestPersistence } from "./storage";
export {
  ART_DB_NAME,
  deleteDrawingOnDevice,
  removeUserDataFromDevice,
  type DeviceDataPart,
} from "./on-device";
