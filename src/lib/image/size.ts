/** Sizes in the image pipeline: the fit within a longest side, and how near a decoded size must come to a target. */

export type Size = { width: number; height: number };

/** Decoded pixels are kept at most this big (the default prepare size), so a 48 MP photo holds ~16 MB, not 190. */
export const WORKING_MAX_SIDE = 2048;

/**
 * Pixels at least this share of the target on each side are stretched the last few percent when they are
 * encoded, instead of decoding the original bigger. A JPEG decodes fast only at 1/2, 1/4 or 1/8 of its size:
 * a 4000x3000 phone photo gives 2000x1500 for a 2048x1536 target (2.4% short), which costs half the decode
 * time of the full 12 MP; the stretched result differs from a high-quality downscale of the full decode far
 * less than JPEG 0.9 itself changes the picture (bench:image prints it). The result's size never changes.
 */
export const STRETCH_TOLERANCE = 0.95;

/** Longest side at most maxSide, aspect ratio kept, never upscaled, at least 1x1. */
export function fitWithin(width: number, height: number, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The pixels are big enough for the target: at most STRETCH_TOLERANCE short of it on either side. */
export function covers(pixels: Size, target: Size): boolean {
  return (
    pixels.width >= target.width * STRETCH_TOLERANCE && pixels.height >= target.height * STRETCH_TOLERANCE
  );
}

/** The pixels are more than a stretch bigger than the target: they need a real (high-quality) downscale. */
export function tooBig(pixels: Size, target: Size): boolean {
  return pixels.width * STRETCH_TOLERANCE > target.width || pixels.height * STRETCH_TOLERANCE > target.height;
}

/** The same aspect ratio within 2% (a picture that was not turned or squashed on the way). */
export function sameShape(a: Size, b: Size): boolean {
  return Math.abs(a.width * b.height - a.height * b.width) <= 0.02 * a.width * b.height;
}
