/**
 * Region edits (issue 29 §1): the pixel arithmetic, with no canvas, so it is tested exactly. A mask is one
 * byte per pixel (255 inside the area the person painted, 0 outside); feathered, it becomes the alpha
 * the model's answer is blended over the original with. Where the alpha is 0 the pixel is the original's,
 * bit for bit: outside the area and its feather band nothing the model drew can show.
 */

/** The feather's radius for a picture whose longer side is `maxSide`: 2 px at 1024, 4 at 2048. */
export function featherRadius(maxSide: number): number {
  return Math.max(1, Math.round(maxSide / 512));
}

/**
 * How far past the area's edge the feather reaches for `radius` (two box passes of that radius):
 * every pixel further out is the original's.
 */
export function featherBand(radius: number): number {
  return 2 * radius;
}

/** The mask of RGBA pixels: a pixel is in the area when it is light and opaque (a white-on-black mask). */
export function maskFromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < mask.length; p++, i += 4) {
    mask[p] = rgba[i]! >= 128 && rgba[i + 3]! >= 128 ? 255 : 0;
  }
  return mask;
}

/** One box pass of radius r along rows (horizontal) or columns, rounded; outside the picture counts as 0. */
function boxPass(src: Uint8Array, width: number, height: number, r: number, horizontal: boolean): Uint8Array {
  const out = new Uint8Array(src.length);
  const inv = 1 / (2 * r + 1);
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const step = horizontal ? 1 : width;
  for (let line = 0; line < lines; line++) {
    const start = horizontal ? line * width : line;
    let sum = 0;
    // The window [i - r, i + r], outside the picture counted as 0.
    for (let k = 0; k <= r && k < length; k++) sum += src[start + k * step]!;
    for (let i = 0, at = start; i < length; i++, at += step) {
      out[at] = (sum * inv + 0.5) | 0;
      const enter = i + r + 1;
      const leave = i - r;
      if (enter < length) sum += src[start + enter * step]!;
      if (leave >= 0) sum -= src[start + leave * step]!;
    }
  }
  return out;
}

/** The smallest rectangle holding every pixel of the area, grown by `margin` and kept inside the picture. */
export type Rect = { x: number; y: number; width: number; height: number };

export function areaBounds(mask: Uint8Array, width: number, height: number, margin = 0): Rect | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!mask[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return null;
  const x = Math.max(0, x0 - margin);
  const y = Math.max(0, y0 - margin);
  return {
    x,
    y,
    width: Math.min(width, x1 + 1 + margin) - x,
    height: Math.min(height, y1 + 1 + margin) - y,
  };
}

/**
 * The mask blurred into an alpha (two box passes each way: close to a Gaussian, and exactly 0 more than
 * featherBand(radius) pixels outside the area, exactly 255 that far inside).
 */
export function featherMask(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  if (radius <= 0) return mask.slice();
  let a = mask;
  for (let pass = 0; pass < 2; pass++) {
    a = boxPass(a, width, height, radius, true);
    a = boxPass(a, width, height, radius, false);
  }
  return a;
}

/**
 * `answer` over `original` through `alpha` (RGBA pixels of the same size; the result is opaque):
 * alpha 0 keeps the original's pixel exactly, 255 takes the answer's, between them a rounded blend.
 */
export function blendArea(
  original: Uint8ClampedArray,
  answer: Uint8ClampedArray,
  alpha: Uint8Array,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(original.length);
  for (let p = 0, i = 0; p < alpha.length; p++, i += 4) {
    const a = alpha[p]!;
    if (a === 0) {
      out[i] = original[i]!;
      out[i + 1] = original[i + 1]!;
      out[i + 2] = original[i + 2]!;
    } else if (a === 255) {
      out[i] = answer[i]!;
      out[i + 1] = answer[i + 1]!;
      out[i + 2] = answer[i + 2]!;
    } else {
      for (let c = 0; c < 3; c++) {
        const o = original[i + c]!;
        out[i + c] = o + Math.round(((answer[i + c]! - o) * a) / 255);
      }
    }
    out[i + 3] = 255;
  }
  return out;
}

/** Whether any pixel of the mask is in the area (an empty area is no area). */
export function hasArea(mask: Uint8Array): boolean {
  for (let p = 0; p < mask.length; p++) if (mask[p]) return true;
  return false;
}
