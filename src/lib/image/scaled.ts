/**
 * Decoding at the size that is used (the image worker's decode): a JPEG decodes straight at 1/2, 1/4 or 1/8
 * of its stored size through WebCodecs' ImageDecoder (libjpeg's fast DCT scaling), so a 12 MP photo never
 * exists at full size; anything else, and any JPEG this cannot take, decodes full size upright and is
 * downscaled at once.
 */
import { orientedSize, type ImageHeader } from "./header";
import { decodeUpright, fromBitmap, resizePixels, type Pixels } from "./render";
import { covers, fitWithin, sameShape, tooBig, type Size } from "./size";

export type Decoded = {
  /** Upright pixels, at most a stretch (STRETCH_TOLERANCE) away from the fit within maxSide. */
  pixels: Pixels;
  /** The upright size of the whole image. */
  full: Size;
};

/** libjpeg's scales with a fast inverse DCT, smallest first (other n/8 scales cost as much as a full decode). */
const JPEG_DENOMINATORS = [8, 4, 2] as const;

/**
 * VideoFrame.rotation (clockwise degrees) the decoder must report for each unmirrored EXIF orientation.
 * Mirrored orientations (2, 4, 5, 7) are rare in photos; they take the full decode, whose orientation
 * handling has its fallbacks.
 */
const FRAME_ROTATION: Partial<Record<number, number>> = { 1: 0, 3: 180, 6: 90, 8: 270 };

/**
 * Upright pixels of `blob` fitted within maxSide (never upscaled), and the image's whole upright size.
 * `header` is the blob's own header (null for an already upright image such as a converted HEIC).
 * Rejects with a DecodeError when the browser cannot decode it.
 */
export async function decodeWithin(
  blob: Blob,
  header: ImageHeader | null,
  maxSide: number,
): Promise<Decoded> {
  if (header?.type === "jpeg") {
    const full = orientedSize(header);
    const pixels = await decodeJpegScaled(blob, header, fitWithin(full.width, full.height, maxSide));
    if (pixels) return { pixels, full };
  }
  const decoded = await decodeUpright(blob, header);
  const full = { width: decoded.width, height: decoded.height };
  const target = fitWithin(full.width, full.height, maxSide);
  if (!tooBig(decoded, target)) return { pixels: decoded, full };
  try {
    return { pixels: await resizePixels(decoded, target.width, target.height), full };
  } finally {
    decoded.close();
  }
}

/**
 * The JPEG decoded at the smallest fast scale that covers `target` (upright), or null when no scale below
 * full size does, the engine has no ImageDecoder, or its answer is not the expected upright picture: the
 * full decode then decides (including whether the file is damaged).
 */
async function decodeJpegScaled(blob: Blob, header: ImageHeader, target: Size): Promise<Pixels | null> {
  if (typeof ImageDecoder !== "function") return null;
  const expectedRotation = FRAME_ROTATION[header.orientation];
  if (expectedRotation === undefined) return null;
  const storedTarget = header.orientation >= 5 ? { width: target.height, height: target.width } : target;
  const denominator = JPEG_DENOMINATORS.find((d) =>
    covers({ width: Math.ceil(header.width / d), height: Math.ceil(header.height / d) }, storedTarget),
  );
  if (!denominator) return null;
  // Chromium decodes at the largest n/8 whose area fits desiredWidth x desiredHeight: ask for half a step more.
  const step = (8 / denominator + 0.5) / 8;
  let decoder: ImageDecoder | undefined;
  let frame: VideoFrame | undefined;
  try {
    decoder = new ImageDecoder({
      data: await blob.arrayBuffer(),
      type: "image/jpeg",
      desiredWidth: Math.round(header.width * step),
      desiredHeight: Math.round(header.height * step),
    });
    frame = (await decoder.decode()).image;
    // Engines without VideoFrame orientation report none: only an unrotated photo is then known to be right.
    const { rotation = 0, flip = false } = frame as VideoFrame & { rotation?: number; flip?: boolean };
    if (rotation !== expectedRotation || flip) return null;
    const pixels = fromBitmap(await createImageBitmap(frame)); // applies the frame's rotation
    if (!covers(pixels, target) || !sameShape(pixels, target)) {
      pixels.close();
      return null;
    }
    if (!tooBig(pixels, target)) return pixels;
    try {
      return await resizePixels(pixels, target.width, target.height);
    } finally {
      pixels.close();
    }
  } catch {
    return null; // refused (a damaged file, an unsupported variant): the full decode decides
  } finally {
    frame?.close();
    decoder?.close();
  }
}
