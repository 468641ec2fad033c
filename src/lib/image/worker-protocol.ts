/** The messages between the page (worker-client.ts) and the image worker (image.worker.ts, work.ts). */
import type { CompositeInput } from "./area-composite";
import type { ImageHeader } from "./header";
import type { Size } from "./size";
import type { ThumbnailOptions } from "./thumbnail";

/** A user's image decoded in the worker, which keeps its working copy under `id` until "release". */
export type LoadRequest = { op: "load"; id: number; blob: Blob; header: ImageHeader; maxSide: number };

/** Pixels decoded on the page (a HEIC through heic-to), handed over: a preview JPEG and a working copy. */
export type AdoptRequest = {
  op: "adopt";
  id: number;
  bitmap: ImageBitmap;
  maxSide: number;
  previewQuality: number;
};

/**
 * An image ready to send. With the id of a loaded image its working copy serves when big enough, else
 * `source` (with its header) is decoded at the size needed; `full` is the upright size when known.
 */
export type PrepareRequest = {
  op: "prepare";
  id: number | null;
  source: Blob;
  header: ImageHeader | null;
  full: Size | null;
  maxSide: number;
  quality: number;
  mimeType: "image/jpeg" | "image/png";
};

/** An AI answer's body read off the page's thread: its JSON with its pictures as Blobs (lib/gemini/answer-body.ts). */
export type AnswerRequest = { op: "answer"; body: Blob };

/** A small copy of a picture (lib/image/thumbnail.ts): null when it cannot be decoded. */
export type ThumbnailRequest = { op: "thumbnail"; source: Blob } & ThumbnailOptions;

/** A region edit's answer over the original (area-composite.ts): a PNG of the original's size. */
export type CompositeRequest = { op: "composite" } & CompositeInput;

/** The area scaled to the photo sent, white on black (area-composite.ts). */
export type MaskRequest = { op: "mask"; mask: Blob; width: number; height: number };

export type ReleaseRequest = { op: "release"; id: number };

export type WorkerCalls = {
  load: { request: LoadRequest; result: Size };
  adopt: { request: AdoptRequest; result: { preview: Blob } };
  prepare: { request: PrepareRequest; result: { blob: Blob; base64: string } & Size };
  answer: { request: AnswerRequest; result: { body: unknown } };
  thumbnail: { request: ThumbnailRequest; result: { blob: Blob | null } };
  composite: { request: CompositeRequest; result: { blob: Blob } };
  mask: { request: MaskRequest; result: { blob: Blob } };
};

export type WorkerRequest = (WorkerCalls[keyof WorkerCalls]["request"] & { seq: number }) | ReleaseRequest;

/**
 * Why the worker could not do it: "decode" (the browser could not decode it there; the page's own path,
 * with its <img> fallback, decides), "unsupported" (no 2D OffscreenCanvas in workers here), "failed".
 */
export type WorkerFailure = "decode" | "unsupported" | "failed";

export type WorkerReply =
  | { seq: number; ok: true; value: WorkerCalls[keyof WorkerCalls]["result"] }
  | { seq: number; ok: false; reason: WorkerFailure; message: string };
