/**
 * loadImage's and prepareImage's decode, resize, encode and base64 handed to the image worker; null where
 * the worker cannot take them, and the page then does the same work itself (load.ts, prepare.ts). Loaded
 * with the first photo (load.ts offload()), so it is in no route's first load.
 */
import type { ImageHeader } from "./header";
import { HEIC_PREVIEW_QUALITY, decodeHeicFile } from "./heic";
import type { PreparedImage } from "./prepare";
import { isHeifType } from "./sniff";
import { WORKING_MAX_SIDE, type Size } from "./size";
import {
  ImageWorkerError,
  callImageWorker,
  imageWorkerAvailable,
  newImageId,
  releaseInImageWorker,
} from "./worker-client";

export { imageWorkerAvailable };
import type { PrepareRequest } from "./worker-protocol";

/** A user's image whose working copy the worker keeps under `workerId`. */
export type OffPageImage = { workerId: number; source: Blob; sourceHeader: ImageHeader | null; full: Size };

/**
 * The file decoded in the worker (a HEIC by heic-to on the page, its pixels then handed over), or null
 * when the worker cannot do it, including a decode it refused: the page's path then decides.
 */
export async function loadOffPage(file: File, header: ImageHeader): Promise<OffPageImage | null> {
  if (!imageWorkerAvailable()) return null;
  const id = newImageId();
  let bitmap: ImageBitmap | undefined;
  try {
    if (!isHeifType(header.type)) {
      const request = { op: "load", id, blob: file, header, maxSide: WORKING_MAX_SIDE } as const;
      const full = await callImageWorker<"load">(request);
      return { workerId: id, source: file, sourceHeader: header, full };
    }
    bitmap = await decodeHeicFile(file);
    const full = { width: bitmap.width, height: bitmap.height };
    const request = {
      op: "adopt",
      id,
      bitmap,
      maxSide: WORKING_MAX_SIDE,
      previewQuality: HEIC_PREVIEW_QUALITY,
    } as const;
    const { preview } = await callImageWorker<"adopt">(request, [bitmap]);
    return { workerId: id, source: preview, sourceHeader: null, full };
  } catch (error) {
    bitmap?.close(); // a no-op once transferred
    if (error instanceof ImageWorkerError) return null;
    throw error;
  }
}

/** The image prepared in the worker, or null when it cannot be done there. */
export async function prepareOffPage(request: Omit<PrepareRequest, "op">): Promise<PreparedImage | null> {
  try {
    const { blob, base64, width, height } = await callImageWorker<"prepare">({ op: "prepare", ...request });
    return { base64, mimeType: request.mimeType, width, height, bytes: blob.size, blob };
  } catch (error) {
    if (error instanceof ImageWorkerError) return null;
    throw error;
  }
}

/**
 * Working copies of images dropped without release() are freed in the worker when the page collects them.
 * Made on first use: a registry made at import would be a side effect that pulls this module (and the
 * whole pipeline) into every chunk that imports anything from src/lib/image.
 */
let unreleased: FinalizationRegistry<number> | null | undefined;

function registry(): FinalizationRegistry<number> | null {
  unreleased ??=
    typeof FinalizationRegistry === "function" ? new FinalizationRegistry(releaseInImageWorker) : null;
  return unreleased;
}

export function trackWorkingCopy(image: object, workerId: number): void {
  registry()?.register(image, workerId, image);
}

export function releaseWorkingCopy(image: object, workerId: number): void {
  registry()?.unregister(image);
  releaseInImageWorker(workerId);
}
