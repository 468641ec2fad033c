/**
 * The service worker's side of "Share → Cucumber.AI": the share sheet POSTs the photos (multipart);
 * they are kept in IndexedDB (src/lib/creations/incoming.ts) and the visitor is sent on to the chooser,
 * which works from there (sign-in first when needed, the same checks as an upload).
 */
import { paths } from "@/config/paths";
import { SHARE_FAILED_PARAM, SHARE_FILES_FIELD, SHARE_ID_PARAM, SHARE_TARGET_ACTION } from "@/config/share";
import { putIncoming } from "@/lib/creations/incoming";

/** True for the share sheet's POST (the only request the worker answers itself). */
export function isShareTarget(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname === SHARE_TARGET_ACTION;
}

/**
 * The files of the share. A form field is a string or a file; "not a string" rather than
 * `instanceof File`, which fails for a File made by another realm's constructor.
 */
function sharedFiles(form: FormData): File[] {
  return form.getAll(SHARE_FILES_FIELD).filter((value): value is File => typeof value !== "string");
}

/**
 * Keeps the shared files and redirects (303, so the chooser is fetched with GET) to the chooser. A share
 * that can't be read or holds no file still lands there, with `?failed=1`, where the visitor is told.
 */
export async function shareTargetResponse(request: Request): Promise<Response> {
  const chooser = new URL(paths.share, request.url);
  try {
    const files = sharedFiles(await request.formData());
    if (files.length === 0) throw new Error("The share holds no file");
    const id = await putIncoming(files, "share");
    chooser.searchParams.set(SHARE_ID_PARAM, id);
  } catch (error) {
    console.error("Could not keep the shared photos", error);
    chooser.searchParams.set(SHARE_FAILED_PARAM, "1");
  }
  return Response.redirect(chooser.href, 303);
}
