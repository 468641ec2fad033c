/**
 * Deleting from My Creations, with what the user is told: one creation (with Undo for a few seconds)
 * or the oldest ones to make room.
 */
import { toast } from "sonner";
import { deleteCreation, deleteOldestCreations, restoreCreation, type CreationRecord } from "@/lib/creations";

export const DELETED_MESSAGE = "Creation deleted.";
export const RESTORED_MESSAGE = "Creation restored.";
const UNDO_MS = 6000;

/** Deletes one creation and offers to undo it; says so when it fails. */
export async function deleteWithUndo(userId: string, record: CreationRecord): Promise<void> {
  try {
    const deleted = await deleteCreation(userId, record.id);
    if (!deleted) return;
    toast(DELETED_MESSAGE, {
      duration: UNDO_MS,
      action: {
        label: "Undo",
        onClick: () => {
          restoreCreation(deleted)
            .then(() => toast.success(RESTORED_MESSAGE))
            .catch((error: unknown) => {
              console.error("Could not restore the creation", error);
              toast.error("The creation could not be restored.");
            });
        },
      },
    });
  } catch (error) {
    console.error("Could not delete the creation", error);
    toast.error("The creation could not be deleted. Please try again.");
  }
}

/** Deletes the user's `count` oldest creations; says how many went, or that it failed. */
export async function deleteOldestWithNotice(userId: string, count: number): Promise<void> {
  try {
    const deleted = await deleteOldestCreations(userId, count);
    toast.success(`${deleted} oldest ${deleted === 1 ? "creation" : "creations"} deleted.`);
  } catch (error) {
    console.error("Could not delete the oldest creations", error);
    toast.error("The creations could not be deleted. Please try again.");
  }
}
