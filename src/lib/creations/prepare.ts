/**
 * A new result made ready for the store: its record (kind, file name, sizes, a text's excerpt), its
 * file and original, and the thumbnails and downscaled original made with the canvas.
 */
import { getTool } from "@/tools/registry";
import { pictureBlob } from "@/lib/image/picture-urls";
import { blobText } from "@/lib/read-blob";
import { RESULT_THUMBNAIL, makeThumbnail } from "./thumbnail";
import type { CreationKind, NewCreation, PreparedCreation } from "./types";

/** The small picture of the original. */
export const ORIGINAL_THUMB_SIDE = 160;
/** The original kept for the before/after slider after a reload. */
export const ORIGINAL_KEPT_SIDE = 1024;
const EXCERPT_LENGTH = 240;

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function kindOf(creation: NewCreation, file: Blob): CreationKind {
  if (creation.kind) return creation.kind;
  if (file.type === "image/gif") return "gif";
  if (file.type.startsWith("image/")) return "image";
  return "text";
}

/** The result's file: a Blob, the picture behind a URL (the page's object URL, or a data: URL), or text. */
async function fileOf(creation: NewCreation): Promise<Blob> {
  const { file } = creation;
  if (typeof file !== "string") return file;
  if (creation.kind !== "text" && /^(data|blob):/.test(file)) return pictureBlob(file);
  return new Blob([file], { type: "text/plain;charset=utf-8" });
}

async function blobOf(source: Blob | string | null | undefined): Promise<Blob | undefined> {
  if (!source) return undefined;
  if (typeof source !== "string") return source;
  return pictureBlob(source);
}

/**
 * Everything that is kept for one result: the file as it came back, the tool's file name, a
 * downscaled original for the slider and the grid's thumbnails. A thumbnail that can't be made
 * (an undecodable format) is left out; the file itself is always kept.
 */
export async function prepareCreation(
  creation: NewCreation,
  now = Date.now(),
  options: { thumbnails?: boolean } = {},
): Promise<PreparedCreation> {
  const file = await fileOf(creation);
  const kind = kindOf(creation, file);
  // Read the original first: the tool may release its object URL soon after the result arrives.
  const original = await blobOf(creation.original).catch(() => undefined);
  const references = (
    await Promise.all((creation.references ?? []).map((r) => blobOf(r).catch(() => undefined)))
  ).filter((r): r is Blob => r !== undefined);
  const referencesSize = references.reduce((sum, r) => sum + r.size, 0);
  const excerpt = kind === "text" ? (await blobText(file)).trim().slice(0, EXCERPT_LENGTH) : undefined;
  const id = newId();
  const quick: PreparedCreation = {
    record: {
      id,
      tool: creation.tool,
      kind,
      mimeType: file.type || (kind === "text" ? "text/plain" : "image/png"),
      fileName: creation.fileName ?? getTool(creation.tool).downloadName,
      instruction: creation.instruction.trim(),
      ...(creation.prompt ? { prompt: creation.prompt } : {}),
      ...(creation.details ? { details: { ...creation.details } } : {}),
      ...(creation.from?.length ? { from: creation.from.map((step) => ({ ...step })) } : {}),
      // A result with no group of its own to join starts one: its own id.
      photo: creation.photo ?? id,
      createdAt: now,
      fileSize: file.size,
      totalSize: file.size + (original?.size ?? 0) + (creation.area?.size ?? 0) + referencesSize,
      hasOriginal: Boolean(original),
      ...(excerpt !== undefined ? { excerpt } : {}),
    },
    thumbs: { id },
    files: {
      id,
      file,
      original,
      ...(creation.area ? { area: creation.area } : {}),
      ...(references.length ? { references } : {}),
    },
  };
  return options.thumbnails === false ? quick : withThumbnails(quick);
}

/**
 * The grid's thumbnails and the downscaled original (in place of the original as it came) for a
 * prepared creation. An original that can't be drawn is dropped.
 */
export async function withThumbnails(prepared: PreparedCreation): Promise<PreparedCreation> {
  const { id, file, original } = prepared.files;
  const [resultThumb, originalThumb, originalKept] = await Promise.all([
    prepared.record.kind === "text" ? Promise.resolve(null) : makeThumbnail(file, RESULT_THUMBNAIL),
    original
      ? makeThumbnail(original, { maxSide: ORIGINAL_THUMB_SIDE, type: "image/webp", quality: 0.8 })
      : Promise.resolve(null),
    original
      ? makeThumbnail(original, { maxSide: ORIGINAL_KEPT_SIDE, type: "image/jpeg", quality: 0.85 })
      : Promise.resolve(null),
  ]);
  const totalSize =
    file.size +
    (prepared.files.area?.size ?? 0) +
    (prepared.files.references ?? []).reduce((sum, r) => sum + r.size, 0) +
    (resultThumb?.size ?? 0) +
    (originalThumb?.size ?? 0) +
    (originalKept?.size ?? 0);
  return {
    record: { ...prepared.record, totalSize, hasOriginal: Boolean(originalKept) },
    thumbs: { id, result: resultThumb ?? undefined, original: originalThumb ?? undefined },
    files: { ...prepared.files, original: originalKept ?? undefined },
  };
}
