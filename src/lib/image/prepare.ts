/**
 * An image made ready to send: upright, downscaled, re-encoded without its metadata, in base64. The work
 * happens in the image worker where there is one, else on the page (both in load.lazy.ts).
 */
import {
  fitWithin,
  getInternals,
  inspect,
  loadImage,
  offload,
  onPage,
  type LoadedImage,
  type LoadedInternals,
} from "./load";
import { isHeifType } from "./sniff";

export type PrepareOptions = {
  /** Longest side of the result in pixels (never upscaled). Default 2048. */
  maxSide?: number;
  /** Encoder quality 0..1 (JPEG only). Default 0.9. */
  quality?: number;
  /** Default "image/jpeg". */
  mimeType?: "image/jpeg" | "image/png";
};

export type PreparedImage = {
  /** The encoded image in base64, without a data: prefix. */
  base64: string;
  mimeType: "image/jpeg" | "image/png";
  width: number;
  height: number;
  /** Encoded size in bytes (frog's 50000-byte rule reads this). */
  bytes: number;
  blob: Blob;
};

export const DEFAULT_PREPARE_OPTIONS = { maxSide: 2048, quality: 0.9, mimeType: "image/jpeg" } as const;

/**
 * Upright (EXIF orientation applied), downscaled so the longest side is at most maxSide (never upscaled),
 * re-encoded through a canvas (so EXIF/GPS never leaves the device), and base64-encoded.
 */
export async function prepareImage(
  image: LoadedImage | File,
  options: PrepareOptions = {},
): Promise<PreparedImage> {
  const state = image instanceof Blob ? undefined : getInternals(image);
  if (!state) {
    // A File, or a LoadedImage this module did not make (a test double, another realm's object).
    const file = image instanceof Blob || !("file" in image) ? (image as File) : image.file;
    const off = await offload();
    if (off?.imageWorkerAvailable()) {
      // Straight to the size asked for, with no working copy kept (a HEIC goes through loadImage).
      const header = await inspect(file);
      if (!isHeifType(header.type)) {
        const { maxSide, quality, mimeType } = settle(options);
        const request = { id: null, source: file, header, full: null, maxSide, quality, mimeType };
        const prepared = await off.prepareOffPage(request);
        if (prepared) return prepared;
      }
    }
    const loaded = await loadImage(file);
    try {
      return await prepareLoaded(loaded, getInternals(loaded)!, options);
    } finally {
      loaded.release();
    }
  }
  return prepareLoaded(image as LoadedImage, state, options);
}

/** The options with their defaults; a RangeError for a maxSide under 1. */
function settle(options: PrepareOptions): Required<PrepareOptions> {
  const maxSide = options.maxSide ?? DEFAULT_PREPARE_OPTIONS.maxSide;
  if (!Number.isFinite(maxSide) || maxSide < 1)
    throw new RangeError(`maxSide must be at least 1, got ${maxSide}`);
  const quality = Math.min(1, Math.max(0, options.quality ?? DEFAULT_PREPARE_OPTIONS.quality));
  return { maxSide, quality, mimeType: options.mimeType ?? DEFAULT_PREPARE_OPTIONS.mimeType };
}

async function prepareLoaded(
  image: LoadedImage,
  state: LoadedInternals,
  options: PrepareOptions,
): Promise<PreparedImage> {
  const { maxSide, quality, mimeType } = settle(options);
  const size = fitWithin(image.width, image.height, maxSide);

  state.busy++;
  try {
    if (state.workerId !== null) {
      const { source, sourceHeader: header, workerId: id } = state;
      const full = { width: image.width, height: image.height };
      const off = await offload(); // loaded: the worker has this image
      const prepared = await off?.prepareOffPage({ id, source, header, full, maxSide, quality, mimeType });
      if (prepared) return prepared;
    }
    return await (await onPage()).prepareOnPage(state, size, { quality, mimeType });
  } finally {
    state.busy--;
    if (state.released && state.busy === 0 && state.working) {
      state.working.close();
      state.working = null;
    }
  }
}
