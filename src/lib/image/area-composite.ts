/**
 * Region edits on a canvas (issue 29 §1), in the image worker (work.ts) or, where there is none, on the
 * page: the model's answer put over the original through the feathered area (the arithmetic is
 * area.ts), and the area scaled to the size of the photo sent.
 */
import {
  areaBounds,
  blendArea,
  featherBand,
  featherMask,
  featherRadius,
  maskFromRgba,
  type Rect,
} from "./area";
import { canvasToBlob, createCanvas } from "./canvas";
import { DecodeError } from "./render";

export type CompositeInput = {
  /** The photo as it was sent (the prepared photo): the result has its size. */
  original: Blob;
  /** The model's answer, of any size or shape: stretched onto the original's. */
  answer: Blob;
  /** The area, white on black, of any size: stretched onto the original's. */
  mask: Blob;
};

async function bitmapOf(blob: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob);
  } catch (error) {
    throw new DecodeError(error);
  }
}

/** Every pixel of `bitmap` drawn at width x height on the context, read back. */
function pixelsAt(
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): Uint8ClampedArray {
  ctx.clearRect(0, 0, width, height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(bitmap, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

/**
 * The answer over the original inside the area, a PNG of the original's size: outside the area and its
 * feather band every pixel is the original's as this browser decodes it. Only the rectangle around the
 * area (and its band) is read, feathered and blended; the rest of the canvas is the original as drawn.
 */
export async function compositeArea({ original, answer, mask }: CompositeInput): Promise<Blob> {
  const [base, drawn, area] = await Promise.all([bitmapOf(original), bitmapOf(answer), bitmapOf(mask)]);
  try {
    const { width, height } = base;
    const radius = featherRadius(Math.max(width, height));
    // Where the area is, found on the mask at its own (small) size, then on the photo's.
    const small = createCanvas(area.width, area.height);
    const own = maskFromRgba(pixelsAt(small.ctx, area, area.width, area.height), area.width, area.height);
    const bounds = areaBounds(own, area.width, area.height);
    const { canvas, ctx } = createCanvas(width, height);
    ctx.drawImage(base, 0, 0);
    if (bounds) {
      const sx = width / area.width;
      const sy = height / area.height;
      // The band, and a pixel or two of the area's stretching.
      const margin = featherBand(radius) + 2;
      const x = Math.max(0, Math.floor(bounds.x * sx) - margin);
      const y = Math.max(0, Math.floor(bounds.y * sy) - margin);
      const rect: Rect = {
        x,
        y,
        width: Math.min(width, Math.ceil((bounds.x + bounds.width) * sx) + margin) - x,
        height: Math.min(height, Math.ceil((bounds.y + bounds.height) * sy) + margin) - y,
      };
      const originalPixels = ctx.getImageData(rect.x, rect.y, rect.width, rect.height).data;
      const answerPixels = stretchedAt(drawn, width, height, rect);
      const areaPixels = stretchedAt(area, width, height, rect);
      const alpha = featherMask(
        maskFromRgba(areaPixels, rect.width, rect.height),
        rect.width,
        rect.height,
        radius,
      );
      const out = blendArea(originalPixels, answerPixels, alpha);
      ctx.putImageData(new ImageData(out, rect.width, rect.height), rect.x, rect.y);
    }
    return await canvasToBlob(canvas, "image/png");
  } finally {
    base.close();
    drawn.close();
    area.close();
  }
}

/**
 * The pixels of `rect` of `bitmap` stretched over width x height: only the part of the bitmap under the
 * rectangle is drawn, onto a canvas of the rectangle's size.
 */
function stretchedAt(bitmap: ImageBitmap, width: number, height: number, rect: Rect): Uint8ClampedArray {
  const sx = bitmap.width / width;
  const sy = bitmap.height / height;
  const { ctx } = createCanvas(rect.width, rect.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(
    bitmap,
    rect.x * sx,
    rect.y * sy,
    rect.width * sx,
    rect.height * sy,
    0,
    0,
    rect.width,
    rect.height,
  );
  return ctx.getImageData(0, 0, rect.width, rect.height).data;
}

/** The area as a white-on-black PNG of width x height (what the request sends beside the photo). */
export async function scaleMask(mask: Blob, width: number, height: number): Promise<Blob> {
  const area = await bitmapOf(mask);
  try {
    const { canvas, ctx } = createCanvas(width, height);
    const painted = maskFromRgba(pixelsAt(ctx, area, width, height), width, height);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0, i = 0; p < painted.length; p++, i += 4) {
      rgba[i] = rgba[i + 1] = rgba[i + 2] = painted[p]!;
      rgba[i + 3] = 255;
    }
    ctx.putImageData(new ImageData(rgba, width, height), 0, 0);
    return await canvasToBlob(canvas, "image/png");
  } finally {
    area.close();
  }
}
