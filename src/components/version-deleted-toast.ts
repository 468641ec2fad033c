/** The toast a page shows when a version of its photo is deleted from the version strip: Undo for a while. */
import { toast } from "sonner";

export const VERSION_DELETED_MESSAGE = "Version deleted";
/** How long Undo is offered (as for a deleted creation in My Creations). */
export const VERSION_UNDO_MS = 6000;

/**
 * Says "Version deleted" (naming the version) with an "Undo" action that calls `undo`; returns the
 * toast's id (to dismiss it early). Counts nothing: a deleted version was already counted when made.
 */
export function toastVersionDeleted(label: string, undo: () => void): string | number {
  return toast(VERSION_DELETED_MESSAGE, {
    description: label,
    duration: VERSION_UNDO_MS,
    action: { label: "Undo", onClick: undo },
  });
}
