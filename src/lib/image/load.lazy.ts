/**
 * The decoding of a user's photo, fetched by load.ts with the first photo (offload() and onPage()), so it
 * is in no route's first load:
 *
 * - handed to the image worker: loadImage's and prepareImage's decode, resize, encode and base64; null
 *   where the worker cannot take them, and the page then does the same work itself;
 * - on the page's own main thread, as before the image worker: where there is no worker, or it could not
 *   do the work. The photo is decoded at full size, kept at WORKING_MAX_SIDE, and resized and encoded
 *   from that copy.
 */
import { blobToBase64 } from "./base64";
import { ImageInputError } from "./errors";
import { assertDecodable, readImageHeader, type ImageHeader } from "./header";
import { HEIC_PREVIEW_QUALITY, decodeHeicFile } from "./heic";
import type { LoadedInternals } from "./load";
import type { PreparedImage } from "./prepare";
import { DecodeError, decodeUpright, encodePixels, fromBitmap, resizePixels, type Pixels } from "./render";
import { isHeifType } from "./sniff";
import { WORKING_MAX_SIDE, fitWithin, type Size } from "./size";
import {
  ImageWorkerError,
  callImageWorker,
  imageWorkerAvailable,
  newImageId,
  releaseInImageWorker,
} from "./worker-client";
import type { PrepareRequest } from "./worker-protocol";

export { imageWorkerAvailable };

/** The header reader (header.ts), here rather than in every tool's first load: load.ts's inspect() uses it. */
export { assertDecodable, readImageHeader };

// ---- In the image worker ---------------------------------------------------------------------------

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

// ---- On the page ------------------------------------------------------------------------------------

/** The page's own decode (no worker here, or it could not do it): the upright image at full size. */
async function decodeFile(file: File, header: ImageHeader): Promise<{ source: Blob; full: Pixels }> {
  if (!isHeifType(header.type)) {
    try {
      return { source: file, full: await decodeUpright(file, header) };
    } catch (error) {
      if (error instanceof DecodeError) throw new ImageInputError("corrupt", undefined, { cause: error });
      throw error;
    }
  }
  const full = fromBitmap(await decodeHeicFile(file));
  try {
    return { source: await encodePixels(full, "image/jpeg", HEIC_PREVIEW_QUALITY), full };
  } catch (error) {
    full.close();
    throw error;
  }
}

/** The page's own load: decoded at full size, kept at WORKING_MAX_SIDE. */
export async function loadOnPage(
  file: File,
  header: ImageHeader,
): Promise<Omit<LoadedInternals, "busy" | "released"> & { full: Size }> {
  const { source, full } = await decodeFile(file, header);
  let working = full;
  if (Math.max(full.width, full.height) > WORKING_MAX_SIDE) {
    const size = fitWithin(full.width, full.height, WORKING_MAX_SIDE);
    try {
      working = await resizePixels(full, size.width, size.height);
    } finally {
      full.close();
    }
  }
  const sourceHeader = source === file ? header : null;
  return { source, sourceHeader, working, workerId: null, full: { width: full.width, height: full.height } };
}

/** The loaded image at `size`, from its working copy when that is big enough, else decoded again. */
export async function prepareOnPage(
  state: LoadedInternals,
  size: Size,
  { quality, mimeType }: { quality: number; mimeType: "image/jpeg" | "image/png" },
): Promise<PreparedImage> {
  // The kept pixels serve any size up to theirs; a bigger one (maxSide over WORKING_MAX_SIDE) decodes again.
  let source: Pixels;
  let ownSource = false;
  if (state.working && state.working.width >= size.width && state.working.height >= size.height) {
    source = state.working;
  } else {
    try {
      source = await decodeUpright(state.source, state.sourceHeader);
    } catch (error) {
      if (error instanceof DecodeError) throw new ImageInputError("corrupt", undefined, { cause: error });
      throw error;
    }
    ownSource = true;
  }
  let blob: Blob;
  try {
    const scaled =
      source.width === size.width && source.height === size.height
        ? source
        : await resizePixels(source, size.width, size.height);
    try {
      blob = await encodePixels(scaled, mimeType, quality);
    } finally {
      if (scaled !== source) scaled.close();
    }
  } finally {
    if (ownSource) source.close();
  }
  return {
    base64: await blobToBase64(blob),
    mimeType,
    width: size.width,
    height: size.height,
    bytes: blob.size,
    blob,
  };
}
