/**
 * One image of a batch, and what the batch keeps of it (no React): the small thumbnail, the
 * instruction sent with the photo prepared only when its turn comes, the result kept as a Blob (not a
 * base64 string), file names derived from the original, and the ZIP of every result.
 */
import type { ImageOutput } from "@/config/image-output";
import { customPrompt } from "@/config/variants";
import { describeFailure } from "@/lib/gemini/errors";
import { blobToBase64, isImageInputError, loadImage, prepareImage } from "@/lib/image";
import {
  getCreation,
  listCreations,
  type CreationFiles,
  type CreationRecord,
  type NewCreation,
} from "@/lib/creations";
import type { BatchTaskContext } from "@/lib/run-queue";
import { sizeSuffix } from "@/lib/tool-output";
import type { ToolRunContext } from "../run-context";

/** At most this many images in one run. */
export const MAX_BATCH_FILES = 50;
/** Thumbnails are this many pixels on their longest side. */
export const THUMBNAIL_SIDE = 240;
/** What is sent: long side 1536 px, JPEG (docs/gemini.md "Request"). */
export const BATCH_PREPARE = { maxSide: 1536, quality: 0.85 } as const;

export const INVALID_KEY_TEXT = "Invalid API key. Please check your API key or try again later.";

export type BatchResult = { blob: Blob; mimeType: string };

/** The photo as it is sent (upright, long side 1536, JPEG), kept as a Blob until its turn. */
export type SendableImage = { blob: Blob; mimeType: string };

/**
 * One decode of the photo for both things the batch needs from it: the small upright JPEG of its card
 * and the image that will be sent. Done in the background while the visitor writes the instruction,
 * so a run starts sending at once instead of decoding 12 MP photos between requests.
 */
export async function prepareBatchPhoto(file: File): Promise<{ thumbnail: Blob; sendable: SendableImage }> {
  const image = await loadImage(file);
  try {
    const thumbnail = await prepareImage(image, { maxSide: THUMBNAIL_SIDE, quality: 0.75 });
    const sendable = await prepareImage(image, BATCH_PREPARE);
    return { thumbnail: thumbnail.blob, sendable: { blob: sendable.blob, mimeType: sendable.mimeType } };
  } finally {
    image.release();
  }
}

/**
 * Sends the photo with the instruction: the image prepared ahead when there is one, else the photo is
 * prepared now by prepareBatchPhoto (its thumbnail goes to the card when it has none yet). One attempt: the queue decides about
 * retries, so a rate-limit wait is shown once.
 */
export async function processBatchImage(
  file: File,
  instruction: string,
  image: ToolRunContext["image"],
  ctx: BatchTaskContext & {
    /** Prepared ahead by prepareBatchPhoto. */
    sendable?: SendableImage;
    /** The card has no thumbnail yet: it gets the one made with the image to send. */
    onThumbnail?: (thumbnail: Blob) => void;
    /** The image prepared here, to be kept for a retry. */
    onPrepared?: (sendable: SendableImage) => void;
  },
): Promise<BatchResult> {
  let sendable = ctx.sendable;
  if (!sendable) {
    ctx.phase("preparing");
    const prepared = await prepareBatchPhoto(file);
    ctx.onThumbnail?.(prepared.thumbnail);
    sendable = prepared.sendable;
    ctx.onPrepared?.(sendable);
  }
  // Read before waiting for a slot, so a freed slot is used at once.
  const data = await blobToBase64(sendable.blob);
  // A rate-limit pause that began while this photo was being prepared holds it back too.
  await ctx.whenSendable();
  ctx.phase("sending");
  const result = await image({
    parts: [{ text: customPrompt(instruction) }, { inlineData: { mimeType: sendable.mimeType, data } }],
    // The person's own instruction, for the local preview engine (not read back out of customPrompt).
    toolInput: { operation: "custom", words: instruction.trim() },
    signal: ctx.signal,
    maxAttempts: 1,
    onAnswered: (ok) => {
      if (ok) ctx.answered();
    },
  });
  return { blob: result.blob, mimeType: result.blob.type || result.mimeType };
}

/** The text after "Error: " on a failed card (SPEC 8 "Batch"), and the sentence of what to do. */
export function batchErrorText(error: unknown): { text: string; advice: string; retryable: boolean } {
  if (isImageInputError(error)) {
    // The file itself: trying again cannot help, replacing it can.
    return { text: error.message, advice: IMAGE_ADVICE, retryable: false };
  }
  const failure = describeFailure(error);
  const text = /api key not valid/i.test(failure.message) ? INVALID_KEY_TEXT : failure.message;
  return { text, advice: failure.advice, retryable: true };
}

const IMAGE_ADVICE = "Remove this file from the batch; the other images are not affected.";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** "holiday.jpeg" -> "holiday-processed.png", unique within `taken` ("holiday-processed-2.png"). */
export function resultFileName(
  original: string,
  mimeType: string,
  taken: Set<string>,
  output?: ImageOutput,
): string {
  const base =
    original
      .replace(/\.[^./\\]{1,5}$/, "")
      .replace(/[\\/:*?"<>|]+/g, "_")
      .replace(/\s+/g, " ")
      .trim() || "image";
  const ext = EXTENSIONS[mimeType] ?? "png";
  const stem = `${base}-processed${sizeSuffix(output)}`;
  let name = `${stem}.${ext}`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}.${ext}`;
  taken.add(name.toLowerCase());
  return name;
}

/** One ZIP of the results, stored as they are (client-zip never recompresses), loaded only when asked. */
export async function zipResults(files: { name: string; blob: Blob }[]): Promise<Blob> {
  const { downloadZip } = await import("client-zip");
  const now = new Date();
  return downloadZip(files.map((f) => ({ name: f.name, input: f.blob, lastModified: now }))).blob();
}

/**
 * What My Creations keeps of one result: the image with a name derived from the photo's, the
 * instruction, and in `details` the run it belongs to and the photo's own file name.
 */
export function keptBatchResult(
  runId: string,
  instruction: string,
  result: BatchResult,
  photo: { file?: File; sent?: Blob },
  output?: ImageOutput,
): NewCreation {
  const { file, sent } = photo;
  return {
    tool: "batch",
    file: result.blob,
    fileName: file && resultFileName(file.name, result.mimeType, new Set(), output),
    instruction,
    details: file && { run: runId, original: file.name, ...output },
    // The photo as sent (upright, 1536 px) rather than the file as it came: My Creations keeps 1024 px
    // of it, and decoding a 12 MP photo again for that, per result, would hold up the requests still
    // running.
    original: sent ?? file,
  };
}

export type KeptBatchImage = { record: CreationRecord; files: CreationFiles; originalName: string };

/**
 * The results of the user's last batch run kept on the device (oldest first, as they were listed), or
 * none when the newest batch result has no run (kept before runs were recorded) or there is none.
 */
export async function lastBatchRun(userId: string): Promise<KeptBatchImage[]> {
  const { items } = await listCreations(userId, { tool: "batch", limit: MAX_BATCH_FILES });
  const run = items[0]?.details?.run;
  if (!run) return [];
  const records = items.filter((record) => record.details?.run === run).reverse();
  const found = await Promise.all(records.map((record) => getCreation(userId, record.id)));
  return found.flatMap((creation) =>
    creation
      ? [{ ...creation, originalName: creation.record.details?.original || creation.record.fileName }]
      : [],
  );
}
