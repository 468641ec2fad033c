/**
 * The one toast of a tool's photo and run (issue 27 §4, "Fewer, truer messages"): the photo taken in,
 * "Processing your image...", then the outcome are one toast, updated in place under one id, never a
 * stack. A failure is not said here: it is the page's error banner (components/error-banner.tsx), so
 * the run's toast goes away when a run fails. Kept apart from the hooks so a page that only needs the
 * upload toast (Modify Scene) loads no more than this.
 */
import { toast } from "sonner";

/** The id every photo and run toast shares, so the next one replaces the last. */
export const RUN_TOAST_ID = "run";

export const PHOTO_UPLOADED = "Image uploaded successfully";

/** Says a photo is in place; a run that follows turns this same toast into its progress. */
export function toastPhotoUploaded(message: string = PHOTO_UPLOADED): void {
  toast.success(message, { id: RUN_TOAST_ID });
}
