/**
 * The service worker's side of "Share → Cucumber.AI": the share sheet POSTs the photos (multipart);
 * they are kept in IndexedDB (src/lib/incoming-photos.ts) and the visitor is sent on to the chooser,
 * which works from there (sign-in first when needed, the same checks as an upload).
 */
import { paths } from "@/config/paths";
import { SHARE_FILES_FIELD, SHARE_ID_PARAM, SHARE_TARGET_ACTION } from "@/config/share";
import { putIncoming } from "@/lib/incoming-photos";

/** True for the share sheet's POST (the only request the worker answers itself). */
export function isShareTarget(request: Request): boolean {
  return request.method === "POST" && new URL(request.url).pathname === SHARE_TARGET_ACTION;
}

/** Keeps the shared files and redirects (303) to the chooser; a share that can't be read still lands there. */
export async function shareTargetResponse(request: Request): Promise<Response> {
  const chooser = new URL(paths.share, request.url);
  try {
    const form = await request.formData();
    const files = form.getAll(SHARE_FILES_FIELD).filter((value): value is File => value instanceof File);
    const id = await putIncoming(files, "share");
    chooser.searchParams.set(SHARE_ID_PARAM, id);
  } catch (error) {
    console.error("Could not keep the shared photos", error);
    chooser.searchParams.set("failed", "1");
  }
  return Response.redirect(chooser.href, 303);
}
