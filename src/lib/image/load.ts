/**
 * Turns a user's file into an upright image the page can show, checked before any decode. The decoding
 * happens in the image worker where there is one, else on the page; both are in load.lazy.ts, fetched
 * with the first photo, so neither is in a route's first load.
 */
import { blobBytes } from "@/lib/read-blob";
import { ImageInputError } from "./errors";
import type { ImageHeader } from "./header";
import type { Pixels } from "./render";
import { WORKING_MAX_SIDE, fitWithin } from "./size";
import { sniffImageType, sniffUnsupportedImageFormat, type SniffedType } from "./sniff";

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

type Decoding = typeof import("./load.lazy");
let decodingModule: Promise<Decoding> | null = null;

/** The photo's decoder could not be fetched (offline before the app was cached). */
const UNAVAILABLE = "Photos can't be opened right now.";
const UNAVAILABLE_ADVICE = "Check your connection and try again.";

/** load.lazy.ts, fetched once (again with the next photo after a failed fetch). */
function decoding(): Promise<Decoding> {
  decodingModule ??= import("./load.lazy").catch((error: unknown) => {
    decodingModule = null;
    throw error;
  });
  return decodingModule;
}

/** The worker's part, fetched with the first photo; null when it cannot be fetched (onPage() then says so). */
export function offload(): Promise<Decoding | null> {
  return decoding().catch(() => null);
}

/** The page's own path; an ImageInputError when its code cannot be fetched. */
export function onPage(): Promise<Decoding> {
  return decoding().catch((error: unknown) => {
    throw new ImageInputError("unsupported", UNAVAILABLE, { cause: error, advice: UNAVAILABLE_ADVICE });
  });
}

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
  // The header's reader comes with the decoding code (load.lazy.ts), once the file is an image at all.
  const reader: Decoding = await onPage();
  let header = reader.readImageHeader(bytes);
  if (!header && bytes.length < file.size) {
    bytes = await readBytes(file);
    header = reader.readImageHeader(bytes);
  }
  reader.assertDecodable(header);
  return header;
}

/**
 * Validates and decodes a user's file into an upright, displayable image. The header is checked before any
 * decode (empty, not an image, unreadable, over MAX_PIXELS); HEIC/HEIF is converted in the browser.
 */
export async function loadImage(file: File): Promise<LoadedImage> {
  const glue = offload(); // fetched while the header is read
  const header = await inspect(file);
  const off = await glue;
  const offPage = off && (await off.loadOffPage(file, header));
  const { full, ...decoded } = offPage
    ? { ...offPage, working: null }
    : await (await onPage()).loadOnPage(file, header);

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
      if (off && state.workerId !== null) off.releaseWorkingCopy(image, state.workerId);
      if (state.busy === 0) {
        state.working?.close();
        state.working = null;
      }
    },
  };
  internals.set(image, state);
  if (off && state.workerId !== null) off.trackWorkingCopy(image, state.workerId);
  return image;
}
