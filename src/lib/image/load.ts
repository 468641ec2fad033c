/**
 * Turns a user's file into an upright image the page can show, checked before any decode. The decoding
 * happens in the image worker where there is one (offload.ts), else on the page as below.
 */
import { blobBytes } from "@/lib/read-blob";
import { ImageInputError } from "./errors";
import { decodeHeicFile } from "./heic";
import { assertDecodable, readImageHeader, type ImageHeader } from "./header";
import { HEIC_PREVIEW_QUALITY, loadOffPage, releaseWorkingCopy, trackWorkingCopy } from "./offload";
import { DecodeError, decodeUpright, encodePixels, fromBitmap, resizePixels, type Pixels } from "./render";
import { WORKING_MAX_SIDE, fitWithin, type Size } from "./size";
import { isHeifType, sniffImageType, sniffUnsupportedImageFormat, type SniffedType } from "./sniff";

export { WORKING_MAX_SIDE, fitWithin };

export type LoadedImage = {
  file: File;
  type: SniffedType;
  /** Upright size, after EXIF orientation. */
  width: number;
  height: number;
  /** Object URL of an upright, browser-displayable image (for HEIC/HEIF the converted JPEG). */
  previewUrl: string;
  /** Revokes the object URL and frees the decoded pixels. */
  release(): void;
};

/** Headers are read from this much of the file first (JPEG APP segments can push SOF far in). */
const HEADER_PROBE_BYTES = 512 * 1024;

export type LoadedInternals = {
  /** What the browser can decode again: the file itself, or the converted JPEG of a HEIC/HEIF. */
  source: Blob;
  /** Header of `source` (null for a converted HEIC: the JPEG is already upright). */
  sourceHeader: ImageHeader | null;
  /** Upright pixels on the page, longest side at most WORKING_MAX_SIDE; null once released or in the worker. */
  working: Pixels | null;
  /** The image worker keeps the working copy under this id (null: decoded on the page). */
  workerId: number | null;
  busy: number;
  released: boolean;
};

const internals = new WeakMap<LoadedImage, LoadedInternals>();

export function getInternals(image: LoadedImage): LoadedInternals | undefined {
  return internals.get(image);
}

async function readBytes(blob: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await blobBytes(blob));
  } catch (error) {
    // The file vanished or became unreadable after it was chosen.
    throw new ImageInputError("corrupt", undefined, { cause: error });
  }
}

/** Sniffs, reads the header and refuses what must not be decoded (an ImageInputError). */
export async function inspect(file: File): Promise<ImageHeader> {
  if (file.size === 0) throw new ImageInputError("empty");
  let bytes = await readBytes(file.size > HEADER_PROBE_BYTES ? file.slice(0, HEADER_PROBE_BYTES) : file);
  const type = sniffImageType(bytes);
  if (!type) {
    if (sniffUnsupportedImageFormat(bytes)) throw new ImageInputError("unsupported");
    throw new ImageInputError("not-image");
  }
  let header = readImageHeader(bytes);
  if (!header && bytes.length < file.size) {
    bytes = await readBytes(file);
    header = readImageHeader(bytes);
  }
  assertDecodable(header);
  return header;
}

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
async function loadOnPage(
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

/**
 * Validates and decodes a user's file into an upright, displayable image. The header is checked before any
 * decode (empty, not an image, unreadable, over MAX_PIXELS); HEIC/HEIF is converted in the browser.
 */
export async function loadImage(file: File): Promise<LoadedImage> {
  const header = await inspect(file);
  const offPage = await loadOffPage(file, header);
  const { full, ...decoded } = offPage ? { ...offPage, working: null } : await loadOnPage(file, header);

  const state: LoadedInternals = { ...decoded, busy: 0, released: false };
  const previewUrl = URL.createObjectURL(state.source);
  const image: LoadedImage = {
    file,
    type: header.type,
    width: full.width,
    height: full.height,
    previewUrl,
    release() {
      if (state.released) return;
      state.released = true;
      URL.revokeObjectURL(previewUrl);
      if (state.workerId !== null) releaseWorkingCopy(image, state.workerId);
      if (state.busy === 0) {
        state.working?.close();
        state.working = null;
      }
    },
  };
  internals.set(image, state);
  if (state.workerId !== null) trackWorkingCopy(image, state.workerId);
  return image;
}
