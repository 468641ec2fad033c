/**
 * A small copy of a picture (decode at the size needed, scale, encode), on an OffscreenCanvas where there
 * is one: the image worker makes creations' thumbnails with it (lib/creations/thumbnail.ts), and the
 * page where there is no worker.
 */
import { canvasToBlob, createCanvas } from "./canvas";
import { readImageHeader } from "./header";

export type ThumbnailOptions = { maxSide: number; type: "image/webp" | "image/jpeg"; quality: number };

/** Where the headers sit: a PNG's size is in its first bytes, a JPEG's after its EXIF block. */
const HEADER_BYTES = 256 * 1024;

/**
 * The picture decoded at the thumbnail's size where its header says how big it is: the browser decodes
 * and scales a Blob off the main thread, where drawing a 4K picture down onto the canvas took the main
 * thread 100 ms and more per result (bench:variants). Else (or where the options are not supported)
 * decoded full size and scaled by the canvas.
 */
async function decodeScaled(source: Blob, maxSide: number): Promise<ImageBitmap> {
  const header = readImageHeader(new Uint8Array(await source.slice(0, HEADER_BYTES).arrayBuffer()));
  // A quarter-turned JPEG (EXIF orientation 5 to 8) is left to the full decode: browsers differ on
  // whether the resize is before or after the turn.
  if (header && header.orientation < 5) {
    const { width, height } = header;
    const scale = maxSide / Math.max(width, height);
    if (scale < 1) {
      try {
        return await createImageBitmap(source, {
          resizeWidth: Math.max(1, Math.round(width * scale)),
          resizeHeight: Math.max(1, Math.round(height * scale)),
          resizeQuality: "high",
        });
      } catch {
        // No resize options here: full size below.
      }
    }
  }
  return createImageBitmap(source);
}

async function drawScaled(source: Blob, maxSide: number) {
  const bitmap = await decodeScaled(source, maxSide);
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

/** Decode, scale to fit maxSide (never up), encode. Null when it can't decode. */
export async function drawThumbnail(
  source: Blob,
  { maxSide, type, quality }: ThumbnailOptions,
): Promise<Blob | null> {
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
}
