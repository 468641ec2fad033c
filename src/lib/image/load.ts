/** Turns a user's file into an upright image the page can show, checked before any decode. */
import { blobBytes } from "@/lib/read-blob";
import { ImageInputError } from "./errors";
import { HeicDecoderUnavailableError, decodeHeic } from "./heic";
import { assertDecodable, readImageHeader, type ImageHeader } from "./header";
import { DecodeError, decodeUpright, encodePixels, fromBitmap, resizePixels, type Pixels } from "./render";
import { isHeifType, sniffImageType, sniffUnsupportedImageFormat, type SniffedType } from "./sniff";

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

/** Decoded pixels are kept at most this big (the default prepare size), so a 48 MP photo holds ~16 MB, not 190. */
export const WORKING_MAX_SIDE = 2048;
/** Headers are read from this much of the file first (JPEG APP segments can push SOF far in). */
const HEADER_PROBE_BYTES = 512 * 1024;
/** HEIC/HEIF previews are re-encoded as JPEG at this quality. */
const HEIC_PREVIEW_QUALITY = 0.92;

export type LoadedInternals = {
  /** What the browser can decode again: the file itself, or the converted JPEG of a HEIC/HEIF. */
  source: Blob;
  /** Header of `source` (null for a converted HEIC: the JPEG is already upright). */
  sourceHeader: ImageHeader | null;
  /** Upright pixels, longest side at most WORKING_MAX_SIDE; null once released. */
  working: Pixels | null;
  busy: number;
  released: boolean;
};

const internals = new WeakMap<LoadedImage, LoadedInternals>();

export function getInternals(image: LoadedImage): LoadedInternals | undefined {
  return internals.get(image);
}

/** Longest side at most maxSide, aspect ratio kept, never upscaled, at least 1x1. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function readBytes(blob: Blob): Promise<Uint8Array> {
  try {
    return new Uint8Array(await blobBytes(blob));
  } catch (error) {
    // The file vanished or became unreadable after it was chosen.
    throw new ImageInputError("corrupt", undefined, { cause: error });
  }
}

/** Sniffs, reads the header and refuses what must not be decoded. */
async function inspect(file: File): Promise<ImageHeader> {
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

async function decodeFile(file: File, header: ImageHeader): Promise<{ source: Blob; full: Pixels }> {
  if (!isHeifType(header.type)) {
    try {
      return { source: file, full: await decodeUpright(file, header) };
    } catch (error) {
      if (error instanceof DecodeError) throw new ImageInputError("corrupt", undefined, { cause: error });
      throw error;
    }
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await decodeHeic(file);
  } catch (error) {
    if (error instanceof HeicDecoderUnavailableError) {
      throw new ImageInputError(
        "unsupported",
        "HEIC photos can't be opened right now. Check your connection and try again, or choose a JPG or PNG.",
        { cause: error },
      );
    }
    throw new ImageInputError("corrupt", undefined, { cause: error });
  }
  const full = fromBitmap(bitmap);
  try {
    return { source: await encodePixels(full, "image/jpeg", HEIC_PREVIEW_QUALITY), full };
  } catch (error) {
    full.close();
    throw error;
  }
}

/**
 * Validates and decodes a user's file into an upright, displayable image. The header is checked before any
 * decode (empty, not an image, unreadable, over MAX_PIXELS); HEIC/HEIF is converted in the browser.
 */
export async function loadImage(file: File): Promise<LoadedImage> {
  const header = await inspect(file);
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

  const state: LoadedInternals = {
    source,
    sourceHeader: source === file ? header : null,
    working,
    busy: 0,
    released: false,
  };
  const previewUrl = URL.createObjectURL(source);
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
      if (state.busy === 0) {
        state.working?.close();
        state.working = null;
      }
    },
  };
  internals.set(image, state);
  return image;
}
