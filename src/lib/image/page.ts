/**
 * The page's own decode and preparation on its main thread, as before the image worker: used where there is
 * no worker, or it could not do the work (load.ts and prepare.ts fetch this with such a photo). The photo
 * is decoded at full size, kept at WORKING_MAX_SIDE, and resized and encoded from that copy.
 */
import { blobToBase64 } from "./base64";
import { ImageInputError } from "./errors";
import type { ImageHeader } from "./header";
import { HEIC_PREVIEW_QUALITY, decodeHeicFile } from "./heic";
import type { LoadedInternals } from "./load";
import type { PreparedImage } from "./prepare";
import { DecodeError, decodeUpright, encodePixels, fromBitmap, resizePixels, type Pixels } from "./render";
import { WORKING_MAX_SIDE, fitWithin, type Size } from "./size";
import { isHeifType } from "./sniff";

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
