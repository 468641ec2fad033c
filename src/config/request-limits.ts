/**
 * How much one AI request may carry (issue 29 §2): the app's proxy takes a body of at most 4 MB with at
 * most 4 images (its defaults, api/_lib/ai-settings.ts: AI_MAX_BODY_BYTES, AI_MAX_IMAGES), Gemini a
 * request of at most 20 MB of inline data (docs/gemini.md). The page checks a set of photos against
 * them before anything is sent, so a set that does not fit is said, not sent, and not counted.
 */
export const PROXY_MAX_BODY_BYTES = 4 * 1024 * 1024;
export const PROXY_MAX_IMAGES = 4;
export const GEMINI_MAX_REQUEST_BYTES = 20 * 1024 * 1024;

/** The photos Convert Anything takes beside the main one ("put the hat from photo 2 on the person"). */
export const MAX_EXTRA_PHOTOS = 3;

/** Room in a request's body for the JSON, the words and the headers around the pictures. */
const BODY_ROOM = 16 * 1024;

export type RequestFit =
  | { fits: true }
  | { fits: false; reason: "images"; most: number }
  | { fits: false; reason: "bytes"; bytes: number; most: number };

/**
 * Whether pictures of these base64 lengths fit one request: through the app's proxy (hosted mode), or
 * straight to Gemini (or the local engine).
 */
export function requestFit(base64Lengths: readonly number[], hosted: boolean): RequestFit {
  if (hosted && base64Lengths.length > PROXY_MAX_IMAGES)
    return { fits: false, reason: "images", most: PROXY_MAX_IMAGES };
  const most = hosted ? PROXY_MAX_BODY_BYTES : GEMINI_MAX_REQUEST_BYTES;
  const bytes = base64Lengths.reduce((sum, n) => sum + n, 0) + BODY_ROOM;
  return bytes > most ? { fits: false, reason: "bytes", bytes, most } : { fits: true };
}
