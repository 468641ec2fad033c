/**
 * An image made ready to send: upright, downscaled, re-encoded without its metadata, in base64. The work
 * happens in the image worker where there is one (offload.ts), else on the page as below.
 */
import { ImageInputError } from "./errors";
import { fitWithin, getInternals, inspect, loadImage, type LoadedImage, type LoadedInternals } from "./load";
import { prepareOffPage } from "./offload";
import { DecodeError, blobToBase64, decodeUpright, encodePixels, resizePixels, type Pixels } from "./render";
import { isHeifType } from "./sniff";
import { imageWorkerAvailable } from "./worker-client";

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
    if (imageWorkerAvailable()) {
      // Straight to the size asked for, with no working copy kept (a HEIC goes through loadImage).
      const header = await inspect(file);
      const { maxSide, quality, mimeType } = settle(options);
      const prepared = isHeifType(header.type)
        ? null
        : await prepareOffPage({ id: null, source: file, header, full: null, maxSide, quality, mimeType });
      if (prepared) return prepared;
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
      const prepared = await prepareOffPage({ id, source, header, full, maxSide, quality, mimeType });
      if (prepared) return prepared;
    }
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
  } finally {
    state.busy--;
    if (state.released && state.busy === 0 && state.working) {
      state.working.close();
      state.working = null;
    }
  }
}
