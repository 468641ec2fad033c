/**
 * The share target and "Open with" (file handlers) of the web app manifest: where the phone's share
 * sheet posts photos, the form field they come in, and the types offered. The manifest
 * (vite.config.ts), the service worker (src/sw) and the chooser page read these.
 */
/** The service worker answers a POST here (multipart) and sends the visitor on to the chooser. */
export const SHARE_TARGET_ACTION = "/share-target";
/** The form field of the shared files. */
export const SHARE_FILES_FIELD = "photos";
/** What the share sheet and "Open with" offer the app: every image the upload areas take, HEIC too. */
export const SHARED_IMAGE_TYPES = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
  "image/gif": [".gif"],
  "image/heic": [".heic"],
  "image/heif": [".heif"],
} as const;
/** The chooser's query parameter naming the handed-over photos (src/lib/creations/incoming.ts). */
export const SHARE_ID_PARAM = "id";
/** The chooser's query parameter saying a share arrived but could not be kept ("1"). */
export const SHARE_FAILED_PARAM = "failed";
