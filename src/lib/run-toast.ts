/**
 * The one toast of a tool's photo and run (issue 27 §4, "Fewer, truer messages"): the photo taken in,
 * "Processing your image...", then the outcome are one toast, updated in place under one id, never a
 * stack. A failure is not said here: it is the page's error banner (components/error-banner.tsx), so
 * the run's toast goes away when a run fails. Kept apart from the hooks so a page that only needs the
 * upload toast (Modify Scene) loads no more than this.
 */
import { toast } from "sonner";

let dismissed = 0;
/**
 * The id the photo and run toasts share now, so the next one replaces the last. Once that toast is
 * dismissed its id is not used again: a toast given the id of one still leaving would not show.
 */
export function runToastId(): string {
  return `run-${dismissed}`;
}

/** Takes the run's toast away (a failure is said by the banner); the next one gets a new id. */
export function dismissRunToast(): void {
  toast.dismiss(runToastId());
  dismissed += 1;
}

export const PHOTO_UPLOADED = "Image uploaded successfully";

/** Says a photo is in place; a run that follows turns this same toast into its progress. */
export function toastPhotoUploaded(message: string = PHOTO_UPLOADED): void {
  toast.success(message, { id: runToastId() });
}
