/**
 * Decoding, resizing and encoding with the browser's own codecs (internal to src/lib/image).
 * Pixels are ImageBitmaps where createImageBitmap exists, else an <img> element or a canvas.
 */

import { canvasToBlob, createCanvas, type Canvas2D } from "./canvas";
import type { Size } from "./size";

export type Pixels = { source: CanvasImageSource; width: number; height: number; close(): void };

/** The decode failed: the bytes are not a picture this browser can render. */
export class DecodeError extends Error {
  constructor(cause: unknown) {
    super("The image could not be decoded", { cause });
    this.name = "DecodeError";
  }
}

const hasImageBitmap = () => typeof createImageBitmap === "function";

export function fromBitmap(bitmap: ImageBitmap): Pixels {
  return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

function fromCanvas({ canvas }: Canvas2D): Pixels {
  return {
    source: canvas,
    width: canvas.width,
    height: canvas.height,
    close: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}

/**
 * Decodes to upright pixels (EXIF orientation applied). `stored` is the header's stored size and
 * orientation: when createImageBitmap ignores the orientation (some engines do), or fails, the <img>
 * element decodes instead, and as a last resort the orientation is applied on a canvas.
 */
export async function decodeUpright(
  blob: Blob,
  stored: { width: number; height: number; orientation: number } | null,
): Promise<Pixels> {
  const quarterTurn = !!stored && stored.orientation >= 5 && stored.width !== stored.height;
  const ignoredOrientation = (w: number, h: number) =>
    quarterTurn && w === stored?.width && h === stored?.height;

  let firstError: unknown = null;
  if (hasImageBitmap()) {
    try {
      const bitmap = await createImageBitmap(blob, { imageOrientation: "from-image" });
      if (!ignoredOrientation(bitmap.width, bitmap.height)) return fromBitmap(bitmap);
      bitmap.close();
    } catch (error) {
      firstError = error; // e.g. "The source image could not be decoded"; the <img> path decides
    }
  }

  let img: HTMLImageElement;
  try {
    img = await decodeWithImageElement(blob);
  } catch (error) {
    throw new DecodeError(firstError ?? error);
  }
  const url = img.src;
  try {
    if (stored && ignoredOrientation(img.naturalWidth, img.naturalHeight)) {
      return orientOnCanvas(img, stored.width, stored.height, stored.orientation);
    }
    if (hasImageBitmap()) return fromBitmap(await createImageBitmap(img));
    const target = createCanvas(img.naturalWidth, img.naturalHeight);
    target.ctx.drawImage(img, 0, 0);
    return fromCanvas(target);
  } catch (error) {
    throw new DecodeError(error);
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function decodeWithImageElement(blob: Blob): Promise<HTMLImageElement> {
  if (typeof Image !== "function") throw new Error("No <img> element here");
  const img = new Image();
  img.decoding = "async";
  img.src = URL.createObjectURL(blob);
  try {
    await img.decode();
  } catch (error) {
    URL.revokeObjectURL(img.src);
    throw error;
  }
  if (!img.naturalWidth || !img.naturalHeight) {
    URL.revokeObjectURL(img.src);
    throw new Error("Decoded to an empty image");
  }
  return img;
}

/** Draws a stored (sideways or mirrored) image upright, for EXIF orientations 2..8. */
function orientOnCanvas(source: CanvasImageSource, w: number, h: number, orientation: number): Pixels {
  const swap = orientation >= 5;
  const target = createCanvas(swap ? h : w, swap ? w : h);
  const transforms: Record<number, [number, number, number, number, number, number]> = {
    2: [-1, 0, 0, 1, w, 0],
    3: [-1, 0, 0, -1, w, h],
    4: [1, 0, 0, -1, 0, h],
    5: [0, 1, 1, 0, 0, 0],
    6: [0, 1, -1, 0, h, 0],
    7: [0, -1, -1, 0, h, w],
    8: [0, -1, 1, 0, 0, w],
  };
  const t = transforms[orientation];
  if (t) target.ctx.setTransform(...t);
  target.ctx.drawImage(source, 0, 0, w, h);
  return fromCanvas(target);
}

/** High-quality downscale to exactly width x height. */
export async function resizePixels(pixels: Pixels, width: number, height: number): Promise<Pixels> {
  if (hasImageBitmap()) {
    try {
      const bitmap = await createImageBitmap(pixels.source, {
        resizeWidth: width,
        resizeHeight: height,
        resizeQuality: "high",
      });
      return fromBitmap(bitmap);
    } catch {
      // Engines without the resize options: step down on canvases below.
    }
  }
  // Halve while more than twice too big (each halving averages 2x2 pixels), then one last smooth draw.
  let current: Pixels = pixels;
  while (current.width / 2 >= width && current.height / 2 >= height) {
    const next = drawScaled(current, Math.round(current.width / 2), Math.round(current.height / 2));
    if (current !== pixels) current.close();
    current = next;
  }
  const result = drawScaled(current, width, height);
  if (current !== pixels) current.close();
  return result;
}

function drawScaled(pixels: Pixels, width: number, height: number): Pixels {
  const target = createCanvas(width, height);
  target.ctx.imageSmoothingEnabled = true;
  target.ctx.imageSmoothingQuality = "high";
  target.ctx.drawImage(pixels.source, 0, 0, width, height);
  return fromCanvas(target);
}

/**
 * Encodes through a canvas, which writes no EXIF, GPS or other metadata. JPEG gets a white background.
 * `size` (default: the pixels' own) may differ from the pixels' by a stretch of a few percent (size.ts
 * STRETCH_TOLERANCE), drawn bilinear: over so short a way it matches the high-quality filter, much faster.
 */
export async function encodePixels(
  pixels: Pixels,
  mimeType: "image/jpeg" | "image/png",
  quality: number,
  size: Size = pixels,
): Promise<Blob> {
  const { width, height } = size;
  const target = createCanvas(width, height);
  if (mimeType === "image/jpeg") {
    target.ctx.fillStyle = "#ffffff"; // transparent pixels would otherwise turn black
    target.ctx.fillRect(0, 0, width, height);
  }
  if (width !== pixels.width || height !== pixels.height) {
    target.ctx.imageSmoothingEnabled = true;
    target.ctx.imageSmoothingQuality = "low";
  }
  target.ctx.drawImage(pixels.source, 0, 0, width, height);
  const { canvas } = target;
  try {
    return await canvasToBlob(canvas, mimeType, quality);
  } finally {
    canvas.width = 0;
    canvas.height = 0;
  }
}
