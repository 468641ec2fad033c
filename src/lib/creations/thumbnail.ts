/**
 * Small copies of pictures made with the browser's canvas: the grid's thumbnails and the downscaled
 * original the before/after slider shows after a reload. Injectable (setThumbnailMaker) because
 * jsdom has no real canvas; the real maker is tested in real Chromium (tests/browser).
 */
import { canvasToBlob, createCanvas } from "@/lib/image/canvas";

export type ThumbnailMaker = (
  source: Blob,
  options: { maxSide: number; type: "image/webp" | "image/jpeg"; quality: number },
) => Promise<Blob | null>;

async function drawScaled(source: Blob, maxSide: number) {
  const bitmap = await createImageBitmap(source);
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const { canvas, ctx } = createCanvas(width, height);
    ctx.imageSmoothingQuality = "high";
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas;
  } finally {
    bitmap.close();
  }
}

/** The browser's maker: decode, scale to fit maxSide (never up), encode. Null when it can't decode. */
export const canvasThumbnailMaker: ThumbnailMaker = async (source, { maxSide, type, quality }) => {
  try {
    const canvas = await drawScaled(source, maxSide);
    const blob = await canvasToBlob(canvas, type, quality);
    // Browsers without WebP encoding hand back a PNG: a JPEG is smaller.
    if (blob.type !== type && type === "image/webp") return await canvasToBlob(canvas, "image/jpeg", quality);
    return blob;
  } catch {
    // Not decodable here (a format the browser can't draw): the creation is kept without it.
    return null;
  }
};

let maker: ThumbnailMaker = canvasThumbnailMaker;

/** Replaces the thumbnail maker (tests); returns a function that puts the previous one back. */
export function setThumbnailMaker(next: ThumbnailMaker): () => void {
  const previous = maker;
  maker = next;
  return () => {
    maker = previous;
  };
}

export function makeThumbnail(source: Blob, options: Parameters<ThumbnailMaker>[1]): Promise<Blob | null> {
  return maker(source, options);
}
