/**
 * The save path, fetched with the first result kept (keep.ts) or the first creation My Creations finds
 * without thumbnails, never in a page's first load: the two writes of a creation (prepare.ts, with the
 * canvas thumbnails of thumbnail.ts) and the one failure toast.
 */
import { toast } from "sonner";
import { setChosenVersion } from "./choose";
import { isCreationStoreError } from "./errors";
import { openCreationsDb } from "./db";
import { NOT_KEPT_MESSAGE, NOT_KEPT_TOAST_ID } from "./keep";
import { registerKept } from "./origin";
import { prepareCreation, withThumbnails } from "./prepare";
import { getCreation } from "./read";
import { requestPersistence } from "./storage";
import type { CreationRecord, NewCreation } from "./types";
import { deleteOldestCreations, putCreation } from "./write";

export const NO_ROOM_MESSAGE =
  "Your result is here, but this device has no room left for it. Download it to keep it, or delete your oldest creations to make room.";
export const MADE_ROOM_MESSAGE = "Made room: your 10 oldest creations were deleted and this result was kept.";
const OLDEST_TO_DELETE = 10;

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
 * their place (background work: one creation at a time, when the page is idle). Asks the browser to
 * keep the data on the first save. Throws a CreationStoreError when the first write fails; a failure
 * of the second leaves the first in place.
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
  // The newest result is the version chosen on its tool, until another is picked.
  setChosenVersion(userId, record.tool, { photo: record.photo, id: record.id });
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
  // Every file it has (the area and the further photos too), with the thumbnails made now.
  const { userId: _owner, ...files } = found.files;
  const full = await withThumbnails({ record: found.record, thumbs: { id }, files: { ...files, id } });
  await putCreation(userId, full);
  return true;
}

/**
 * Saves `item`; `stored` gets the record once its first write is done ("Edit with…" names the
 * creation it starts from: it counts from the first write, not after the thumbnails), or null.
 */
function save(
  userId: string,
  item: NewCreation,
  stored: (record: CreationRecord | null) => void,
): Promise<CreationRecord> {
  const saving = saveCreation(userId, item, { onStored: (record) => stored(record) });
  // A failed save resolves the registration with null (a promise settles once: a record stays).
  saving.catch(() => stored(null));
  return saving;
}

/** Saves again after making room, registered anew under the result file the tool shows. */
function saveAndRegister(userId: string, item: NewCreation): Promise<CreationRecord> {
  let stored: (record: CreationRecord | null) => void = () => undefined;
  registerKept(item.file, new Promise((resolve) => (stored = resolve)));
  return save(userId, item, stored);
}

/**
 * Saves one result (already registered by keepCreation, which `stored` settles). Never throws: a
 * failure shows the one toast (with "Delete oldest" when the device is full) and resolves to null.
 */
export async function saveKept(
  userId: string,
  item: NewCreation,
  stored: (record: CreationRecord | null) => void,
): Promise<CreationRecord | null> {
  try {
    return await save(userId, item, stored);
  } catch (error) {
    console.error("Could not keep the result on this device", error);
    if (isCreationStoreError(error) && error.kind === "quota") {
      toast.error(NO_ROOM_MESSAGE, {
        id: NOT_KEPT_TOAST_ID,
        duration: 12_000,
        action: {
          label: "Delete oldest",
          onClick: () => {
            void deleteOldestCreations(userId, OLDEST_TO_DELETE)
              .then(() => saveAndRegister(userId, item))
              .then(() => toast.success(MADE_ROOM_MESSAGE))
              .catch((retryError: unknown) => {
                console.error("Could not make room for the result", retryError);
                toast.error(NOT_KEPT_MESSAGE, { id: NOT_KEPT_TOAST_ID });
              });
          },
        },
      });
    } else {
      toast.error(NOT_KEPT_MESSAGE, { id: NOT_KEPT_TOAST_ID, duration: 10_000 });
    }
    return null;
  }
}
