/** Sends a result on to another tool as its photo ("Edit with…"): no download, no upload. */
import { getTool, type ToolId } from "@/config/tools";
import { dataUrlToBlob } from "@/lib/image/download";
import { putIncoming } from "./incoming";
import { chainOf, keptRecordOf } from "./origin";
import type { ChainStep, EditWithSource, IncomingPhotoState } from "./types";

export const HAND_OVER_FAILED =
  "That result could not be opened in the other tool. Download it and upload it there instead.";

/** How long a save still under way may hold up the hand-over before the chain is left without its id. */
const KEPT_WAIT_MS = 3000;

async function blobOf(image: EditWithSource["image"]): Promise<Blob> {
  if (typeof image === "function") return image();
  if (typeof image !== "string") return image;
  if (image.startsWith("data:")) return dataUrlToBlob(image);
  const response = await fetch(image);
  if (!response.ok) throw new Error(`Could not read the result (${response.status})`);
  return response.blob();
}

async function chainFor(source: EditWithSource): Promise<ChainStep[]> {
  if (source.creation) return chainOf(source.creation);
  if (typeof source.image !== "function") {
    const kept = await Promise.race([
      keptRecordOf(source.image),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), KEPT_WAIT_MS)),
    ]);
    if (kept) return chainOf(kept);
  }
  return [{ tool: source.tool }];
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
): Promise<{ path: string; state: IncomingPhotoState }> {
  const [blob, chain] = await Promise.all([blobOf(source.image), chainFor(source)]);
  const type = blob.type || "image/png";
  const file = new File([blob], `${source.tool}-result.${EXTENSIONS[type] ?? "png"}`, { type });
  const id = await putIncoming([file], "edit", chain);
  return { path: getTool(target).path, state: { incoming: id } };
}
