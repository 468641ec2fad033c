/**
 * A 2D canvas to draw on, and its pixels encoded to a file: an OffscreenCanvas where the browser has
 * one (no DOM element), else a <canvas> element. Used by the image pipeline, the thumbnails of kept
 * creations and the animator's frames.
 */

export type Canvas2D = {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
};

/** The browser gave no 2D context, or could not encode the canvas. */
export class CanvasError extends Error {
  readonly reason: "unavailable" | "encode";
  constructor(reason: "unavailable" | "encode") {
    super(reason === "unavailable" ? "Canvas 2D is not available" : "The canvas could not be encoded");
    this.name = "CanvasError";
    this.reason = reason;
  }
}

/** A width x height canvas with its 2D context; throws a CanvasError("unavailable") when there is none. */
export function createCanvas(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext("2d");
    if (ctx) return { canvas, ctx };
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new CanvasError("unavailable");
  return { canvas, ctx };
}

/** The canvas as a file of `type`; rejects with a CanvasError("encode") when the browser gives none. */
export function canvasToBlob(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  type: string,
  quality?: number,
): Promise<Blob> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new CanvasError("encode"))), type, quality),
  );
}
