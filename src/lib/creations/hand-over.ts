/**
 * Sends a result on to another tool as its photo ("Edit with…"): no download, no upload. The photo
 * carries the chain it came from and the group of versions of the result it was.
 */
import { getTool, type ToolId } from "@/tools/registry";
import { pictureBlob } from "@/lib/image/picture-urls";
import { putIncoming } from "./incoming";
import { chainOf, keptRecordOf, photoOf } from "./origin";
import type { EditWithSource, IncomingPhotoState, PhotoOrigin } from "./types";

export const HAND_OVER_FAILED =
  "That result could not be opened in the other tool. Download it and upload it there instead.";

/** How long a save still under way may hold up the hand-over before the chain is left without its id. */
const KEPT_WAIT_MS = 3000;

async function blobOf(image: EditWithSource["image"]): Promise<Blob> {
  if (typeof image === "function") return image();
  if (typeof image !== "string") return image;
  return pictureBlob(image);
}

/**
 * Where the handed-over photo comes from: the chain of the creation it is (or its tool alone, when it
 * was not kept) and that creation's group of versions, which results made from it join.
 */
async function originFor(source: EditWithSource): Promise<PhotoOrigin> {
  let kept: EditWithSource["creation"] = source.creation;
  if (!kept && typeof source.image !== "function") {
    kept = await Promise.race([
      keptRecordOf(source.image),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), KEPT_WAIT_MS)),
    ]);
  }
  return kept ? { chain: chainOf(kept), photo: photoOf(kept) } : { chain: [{ tool: source.tool }] };
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/**
 * Keeps the result as the target tool's incoming photo and says where to go: the path and the
 * navigation state that tool reads. Throws when the result cannot be read.
 */
export async function handOver(
  source: EditWithSource,
  target: ToolId,
): Promise<{ path: string; state: IncomingPhotoState & { incoming: string } }> {
  const [blob, origin] = await Promise.all([blobOf(source.image), originFor(source)]);
  const type = blob.type || "image/png";
  const file = new File([blob], `${source.tool}-result.${EXTENSIONS[type] ?? "png"}`, { type });
  const id = await putIncoming([file], "edit", origin.chain, origin.photo);
  return { path: getTool(target).path, state: { incoming: id } };
}
