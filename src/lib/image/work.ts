/**
 * What the image worker does with each request (image.worker.ts is only its message loop): decode at the
 * size used, keep working copies by id, encode through an OffscreenCanvas and base64, off the page's thread.
 */
import { readAnswerBody } from "@/lib/gemini/answer-body";
import { compositeArea, scaleMask } from "./area-composite";
import { blobToBase64 } from "./base64";
import { DecodeError, encodePixels, fromBitmap, resizePixels, type Pixels } from "./render";
import { decodeWithin } from "./scaled";
import { drawThumbnail } from "./thumbnail";
import { covers, fitWithin, tooBig, type Size } from "./size";
import type {
  AdoptRequest,
  LoadRequest,
  PrepareRequest,
  WorkerCalls,
  WorkerReply,
  WorkerRequest,
} from "./worker-protocol";

type Entry = { working: Pixels | null; busy: number; released: boolean };

const images = new Map<number, Entry>();
let canvasChecked: boolean | null = null;

/** The reply to one request (null for "release", which has none). Never rejects. */
export async function handleRequest(request: WorkerRequest): Promise<WorkerReply | null> {
  if (request.op === "release") {
    release(request.id);
    return null;
  }
  const { seq } = request;
  if (request.op === "answer") {
    // No canvas needed: JSON and base64.
    try {
      return { seq, ok: true, value: { body: await readAnswerBody(request.body) } };
    } catch (error) {
      return {
        seq,
        ok: false,
        reason: "failed",
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }
  if (!hasCanvas2D()) return { seq, ok: false, reason: "unsupported", message: "No 2D OffscreenCanvas here" };
  try {
    return { seq, ok: true, value: await run(request) };
  } catch (error) {
    const reason = error instanceof DecodeError ? "decode" : "failed";
    return { seq, ok: false, reason, message: error instanceof Error ? error.message : String(error) };
  }
}

function run(
  request: Exclude<WorkerRequest, { op: "release" | "answer" }>,
): Promise<WorkerCalls[keyof WorkerCalls]["result"]> {
  switch (request.op) {
    case "load":
      return load(request);
    case "adopt":
      return adopt(request);
    case "prepare":
      return prepare(request);
    case "composite":
      return compositeArea(request).then((blob) => ({ blob }));
    case "mask":
      return scaleMask(request.mask, request.width, request.height).then((blob) => ({ blob }));
    case "thumbnail":
      return drawThumbnail(request.source, request).then((blob) => ({ blob }));
  }
}

function hasCanvas2D(): boolean {
  canvasChecked ??= typeof OffscreenCanvas === "function" && !!new OffscreenCanvas(1, 1).getContext("2d");
  return canvasChecked;
}

async function load({ id, blob, header, maxSide }: LoadRequest): Promise<Size> {
  const { pixels, full } = await decodeWithin(blob, header, maxSide);
  images.set(id, { working: pixels, busy: 0, released: false });
  return full;
}

async function adopt({ id, bitmap, maxSide, previewQuality }: AdoptRequest): Promise<{ preview: Blob }> {
  const full = fromBitmap(bitmap);
  let working = full;
  try {
    const preview = await encodePixels(full, "image/jpeg", previewQuality);
    const target = fitWithin(full.width, full.height, maxSide);
    if (tooBig(full, target)) working = await resizePixels(full, target.width, target.height);
    images.set(id, { working, busy: 0, released: false });
    return { preview };
  } finally {
    if (working !== full) full.close();
  }
}

async function prepare(request: PrepareRequest): Promise<{ blob: Blob; base64: string } & Size> {
  const { id, maxSide, mimeType, quality } = request;
  const entry = id === null ? undefined : images.get(id);
  const kept = entry?.working;
  let full = request.full;
  let pixels: Pixels;
  let own = false;
  if (kept && full && covers(kept, fitWithin(full.width, full.height, maxSide))) {
    pixels = kept;
    entry.busy++;
  } else {
    const decoded = await decodeWithin(request.source, request.header, maxSide);
    pixels = decoded.pixels;
    full ??= decoded.full;
    own = true;
  }
  try {
    const target = fitWithin(full.width, full.height, maxSide);
    const blob = await encodeAt(pixels, target, mimeType, quality);
    return { blob, base64: await toBase64(blob), ...target };
  } finally {
    if (own) pixels.close();
    else if (entry && id !== null) {
      entry.busy--;
      if (entry.released && entry.busy === 0) release(id);
    }
  }
}

/** Encodes at exactly `target`: a real downscale first when the pixels are more than a stretch bigger. */
async function encodeAt(
  pixels: Pixels,
  target: Size,
  mimeType: "image/jpeg" | "image/png",
  quality: number,
): Promise<Blob> {
  if (!tooBig(pixels, target)) return encodePixels(pixels, mimeType, quality, target);
  const scaled = await resizePixels(pixels, target.width, target.height);
  try {
    return await encodePixels(scaled, mimeType, quality);
  } finally {
    scaled.close();
  }
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const native = (bytes as Uint8Array & { toBase64?: () => string }).toBase64;
  return native ? native.call(bytes) : blobToBase64(blob);
}

/** Frees the working copy, at once or when the last prepare using it ends. */
function release(id: number): void {
  const entry = images.get(id);
  if (!entry) return;
  entry.released = true;
  if (entry.busy > 0) return;
  entry.working?.close();
  images.delete(id);
}
