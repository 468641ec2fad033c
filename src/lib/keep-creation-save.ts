/**
 * The save behind keepCreation (src/lib/keep-creation.ts), fetched with the first result kept: the
 * write through src/lib/creations (thumbnails, the downscaled original) and the one failure toast.
 */
import { toast } from "sonner";
import { registerKept } from "@/lib/photo-origin";
import {
  deleteOldestCreations,
  isCreationStoreError,
  saveCreation,
  type CreationRecord,
  type NewCreation,
} from "@/lib/creations";
import { NOT_KEPT_MESSAGE, NOT_KEPT_TOAST_ID } from "./keep-creation";

export const NO_ROOM_MESSAGE =
  "Your result is here, but this device has no room left for it. Download it to keep it, or delete your oldest creations to make room.";
export const MADE_ROOM_MESSAGE = "Made room: your 10 oldest creations were deleted and this result was kept.";
const OLDEST_TO_DELETE = 10;

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
