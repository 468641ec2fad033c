/**
 * Small copies of pictures made with the browser's canvas: the grid's thumbnails and the downscaled
 * original the before/after slider shows after a reload. Injectable (setThumbnailMaker) because
 * jsdom has no real canvas; the real maker is tested in real Chromium (tests/browser).
 */
import { drawThumbnail, type ThumbnailOptions } from "@/lib/image/thumbnail";
import { callImageWorker, inImageWorkerOr } from "@/lib/image/worker-client";

export type ThumbnailMaker = (source: Blob, options: ThumbnailOptions) => Promise<Blob | null>;

/** A result's thumbnail in My Creations and on the strip: 320 px (2x for sharp screens at ~160 CSS px). */
export const RESULT_THUMBNAIL = { maxSide: 320, type: "image/webp", quality: 0.8 } as const;

/**
 * The browser's maker: in the image worker where there is one (decoding a 4K result and encoding its
 * thumbnail took the page's thread over 100 ms per result, bench:variants), else on the page. Null when
 * the picture can't be decoded.
 */
export const canvasThumbnailMaker: ThumbnailMaker = (source, options) =>
  inImageWorkerOr(
    async () => (await callImageWorker<"thumbnail">({ op: "thumbnail", source, ...options })).blob,
    () => drawThumbnail(source, options),
  );

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
