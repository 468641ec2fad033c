/**
 * Keeping every result on the device: the save with its one failure toast, and what to keep of a
 * photo. The hooks around it (useKeepCreation, useRestoreLastCreation) are in use-kept-creation.ts;
 * tools take all of it from the module's entry, `@/lib/creations`. How a tool takes part:
 *
 * 1. One result per run: give useAiRun a `keep` option. It is called right after the result came
 *    back (after counting) and the save runs in the background; it never blocks or fails the run.
 *
 *      useAiRun({ ..., keep: (result, input) => ({ tool: "poetry", file: result.text, kind: "text",
 *        instruction: "", original: originalOf(input.image) }) })
 *
 *    `file` is a Blob, a picture's URL (the page's object URL, or a data: URL) or (kind "text") the text; `fileName` defaults to the tool's
 *    downloadName (src/tools/registry.ts); `original` (a Blob or an object/data URL; originalOf(image)
 *    for a LoadedImage, HEIC included) gives the thumbnail and the before/after slider, and the group
 *    of versions: every result kept with the same original (the same Blob or URL: keep one
 *    LoadedImage per photo) is a version of the same photo. Return null to keep nothing for that result.
 * 2. Several results per run (batch): `const keep = useKeepCreation();` then `keep({...})` for each
 *    result as it arrives. Outside React: `keepCreation(userId, {...})`.
 * 3. Showing the last result again after a reload, while the page is still empty:
 *
 *      useRestoreLastCreation("celebrations", ai.state.status === "idle", ({ imageUrl, record }) =>
 *        ai.restore({ imageUrl, ...record.details }))
 *
 *    (`details`, given when keeping, round-trips the tool's own settings; `files.original` is the
 *    photo: shown again, tag it with `tagOriginal(image.file)` so the next results join its group.
 *    The version shown is the one chosen on the tool (chosen.ts), else the tool's newest.)
 * 4. The versions of the photo on screen (a strip): useToolVersions(tool), or versionsQuery.
 *
 * A failed save (private browsing, storage full) shows ONE plain toast; the result still shows and
 * downloads. Usage counts are never touched here.
 */
import { toast } from "sonner";
import { loadOnce } from "@/lib/load-once";
import { isHeifType, type LoadedImage } from "@/lib/image";
import { copyPhotoOrigin, groupOf, photoOrigin, registerKept } from "./origin";
import type { CreationRecord, NewCreation } from "./types";

export const NOT_KEPT_MESSAGE =
  "Your result is here, but it could not be saved on this device (storage full or private browsing). Download it to keep it.";
export const NOT_KEPT_TOAST_ID = "creation-not-kept";

/**
 * Fetches the save's code once (again after a failed fetch). A run calls it as it starts, so the
 * result's first write begins the moment it arrives: a reload right after the result finds it kept.
 */
export const loadSave = loadOnce(() => import("./keep.lazy"));

/**
 * Saves one result for the user in the background. Never throws: a failure shows the one toast
 * (with "Delete oldest" when the device is full) and resolves to null. The save's code
 * (keep.lazy.ts, with the thumbnails) is fetched with the first result: no page pays for
 * it in its first load. The result is registered under the file the tool shows at once, so "Edit
 * with…" pressed before the save is done waits for it.
 */
export async function keepCreation(
  userId: string,
  creation: NewCreation | (() => NewCreation | null),
): Promise<CreationRecord | null> {
  let value: NewCreation | null;
  try {
    value = typeof creation === "function" ? creation() : creation;
  } catch (error) {
    console.error("Could not describe the result to keep", error);
    return null;
  }
  if (!value) return null;
  // A result made from a handed-over result remembers the chain ("Edit with…", origin.ts).
  const from = value.from ?? photoOrigin(value.original);
  let stored: (record: CreationRecord | null) => void = () => undefined;
  registerKept(value.file, new Promise((resolve) => (stored = resolve)));
  try {
    // Every result made from the same photo is one group of versions (origin.ts).
    const photo = value.photo ?? (await groupOf(value.original));
    const item = { ...value, ...(from ? { from } : {}), ...(photo ? { photo } : {}) };
    const { saveKept } = await loadSave();
    return await saveKept(userId, item, stored);
  } catch (error) {
    // The save's code could not be fetched.
    console.error("Could not keep the result on this device", error);
    stored(null);
    toast.error(NOT_KEPT_MESSAGE, { id: NOT_KEPT_TOAST_ID, duration: 10_000 });
    return null;
  }
}

/** What to keep as the original of a loaded photo: the file, or the browser-readable copy of a HEIC. */
export function originalOf(image: LoadedImage | null | undefined): Blob | string | null {
  if (!image) return null;
  if (!isHeifType(image.type)) return image.file;
  // The browser-readable copy carries the chain and the group of the file it was made from.
  copyPhotoOrigin(image.file, image.previewUrl);
  return image.previewUrl;
}

/** Reads a Blob as a data: URL (a drawing put back on the canvas). */
export { blobDataUrl as blobToDataUrl } from "@/lib/read-blob";
