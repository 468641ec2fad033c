/**
 * Region edits on a canvas (issue 29 §1), in the image worker (work.ts) or, where there is none, on the
 * page: the model's answer put over the original through the feathered area (the arithmetic is
 * area.ts), and the area scaled to the size of the photo sent.
 */
import { blendArea, featherMask, featherRadius, maskFromRgba } from "./area";
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
 * feather band every pixel is the original's as this browser decodes it.
 */
export async function compositeArea({ original, answer, mask }: CompositeInput): Promise<Blob> {
  const [base, drawn, area] = await Promise.all([bitmapOf(original), bitmapOf(answer), bitmapOf(mask)]);
  try {
    const { width, height } = base;
    const { canvas, ctx } = createCanvas(width, height);
    const originalPixels = pixelsAt(ctx, base, width, height);
    const answerPixels = pixelsAt(ctx, drawn, width, height);
    const maskPixels = maskFromRgba(pixelsAt(ctx, area, width, height), width, height);
    const alpha = featherMask(maskPixels, width, height, featherRadius(Math.max(width, height)));
    const out = blendArea(originalPixels, answerPixels, alpha);
    ctx.putImageData(new ImageData(out, width, height), 0, 0);
    return await canvasToBlob(canvas, "image/png");
  } finally {
    base.close();
    drawn.close();
    area.close();
  }
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
