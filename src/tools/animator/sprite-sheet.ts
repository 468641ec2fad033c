/**
 * The animation comes back as one 2x2 sprite sheet (frame 1 top-left, 2 top-right, 3 bottom-left,
 * 4 bottom-right). Here it is cut into its four quarters on a canvas, in the browser.
 */
import { CanvasError, canvasToBlob, createCanvas, type Canvas2D } from "@/lib/image/canvas";
import { blobDataUrl } from "@/lib/read-blob";
import type { RgbaFrame } from "./gif";

/** Frames are scaled down to at most this side: plenty for the player and keeps the GIF small. */
export const MAX_FRAME_SIDE = 512;
export const FRAME_COUNT = 4;

export type SheetFrame = RgbaFrame & {
  /** The frame as a PNG data: URL, for an <img>. */
  url: string;
};

/** The sheet could not be read or is too small to hold four frames. */
export class SheetError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SheetError";
  }
}

export const SHEET_UNREADABLE = "The animation frames could not be read";

/** A canvas for one frame; the browser's canvas failures read as the sheet's own errors. */
function frameCanvas(width: number, height: number): Canvas2D {
  try {
    return createCanvas(width, height);
  } catch (error) {
    throw sheetErrorOf(error);
  }
}

function toPngBlob(canvas: Canvas2D["canvas"]): Promise<Blob> {
  return canvasToBlob(canvas, "image/png").catch((error: unknown) => {
    throw sheetErrorOf(error);
  });
}

function sheetErrorOf(error: unknown): unknown {
  if (!(error instanceof CanvasError)) return error;
  const message =
    error.reason === "unavailable" ? "Canvas 2D is not available in this browser" : SHEET_UNREADABLE;
  return new SheetError(message, { cause: error });
}

type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };

async function decode(sheet: Blob): Promise<Decoded> {
  try {
    const bitmap = await createImageBitmap(sheet);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  } catch (error) {
    throw new SheetError(SHEET_UNREADABLE, { cause: error });
  }
}

/** The size a quarter is drawn at: its own, or scaled down so its longer side is `maxSide`. */
export function frameSize(sheetWidth: number, sheetHeight: number, maxSide = MAX_FRAME_SIDE) {
  const width = Math.floor(sheetWidth / 2);
  const height = Math.floor(sheetHeight / 2);
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    source: { width, height },
    target: {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    },
  };
}

/**
 * Cuts a 2x2 sheet into its four frames, in reading order, each as RGBA pixels (for the GIF) and a
 * PNG data URL (for the player).
 */
export async function splitSheet(sheet: Blob, maxSide = MAX_FRAME_SIDE): Promise<SheetFrame[]> {
  const image = await decode(sheet);
  try {
    if (image.width < 8 || image.height < 8) {
      throw new SheetError(`${SHEET_UNREADABLE}: the picture is too small to hold four frames`);
    }
    const { source, target } = frameSize(image.width, image.height, maxSide);
    const frames: SheetFrame[] = [];
    for (let i = 0; i < FRAME_COUNT; i++) {
      const sx = (i % 2) * source.width;
      const sy = Math.floor(i / 2) * source.height;
      const { canvas, ctx } = frameCanvas(target.width, target.height);
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(image.source, sx, sy, source.width, source.height, 0, 0, target.width, target.height);
      const { data } = ctx.getImageData(0, 0, target.width, target.height);
      const url = await blobDataUrl(await toPngBlob(canvas));
      frames.push({ data, width: target.width, height: target.height, url });
    }
    return frames;
  } finally {
    image.close();
  }
}

type GifDecoder = {
  tracks: { ready: Promise<void>; selectedTrack: { frameCount: number } | null };
  decode: (options: { frameIndex: number }) => Promise<{ image: VideoFrame }>;
  close: () => void;
};
type GifDecoderClass = new (init: { data: ArrayBuffer; type: string }) => GifDecoder;

/**
 * The frames of a kept animation GIF again (a reload shows the last animation), as PNG data URLs for
 * the player: decoded with the browser's ImageDecoder where there is one; elsewhere the GIF itself as
 * the one frame, which the browser animates on its own.
 */
export async function framesOfGif(gif: Blob): Promise<{ url: string; width: number; height: number }[]> {
  const Decoder = (globalThis as { ImageDecoder?: GifDecoderClass }).ImageDecoder;
  if (Decoder) {
    try {
      const decoder = new Decoder({ data: await gif.arrayBuffer(), type: "image/gif" });
      try {
        await decoder.tracks.ready;
        const count = decoder.tracks.selectedTrack?.frameCount ?? 0;
        const frames: { url: string; width: number; height: number }[] = [];
        for (let i = 0; i < count; i++) {
          const { image } = await decoder.decode({ frameIndex: i });
          try {
            const width = image.displayWidth;
            const height = image.displayHeight;
            const { canvas, ctx } = frameCanvas(width, height);
            ctx.drawImage(image, 0, 0);
            frames.push({ url: await blobDataUrl(await toPngBlob(canvas)), width, height });
          } finally {
            image.close();
          }
        }
        if (frames.length > 0) return frames;
      } finally {
        decoder.close();
      }
    } catch (error) {
      console.warn("The animation's frames could not be read again; showing the GIF itself", error);
    }
  }
  const size = await createImageBitmap(gif)
    .then((bitmap) => {
      const found = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return found;
    })
    .catch(() => ({ width: MAX_FRAME_SIDE, height: MAX_FRAME_SIDE }));
  return [{ url: await blobDataUrl(gif), ...size }];
}
