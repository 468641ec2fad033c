/**
 * How a creation's pictures are written to IndexedDB and read back: each Blob as its bytes and type,
 * since every engine clones an ArrayBuffer (some have had trouble with Blobs in IndexedDB, e.g. older
 * Safari in private mode, and test doubles).
 */
import { blobBytes } from "@/lib/read-blob";
import type { CreationFiles, CreationThumbs } from "./types";

type StoredBlob = { type: string; data: ArrayBuffer };
export type StoredThumbs = { id: string; userId: string; result?: StoredBlob; original?: StoredBlob };
export type StoredFiles = { id: string; userId: string; file: StoredBlob; original?: StoredBlob };

async function toStored(blob: Blob): Promise<StoredBlob>;
async function toStored(blob: Blob | undefined): Promise<StoredBlob | undefined>;
async function toStored(blob: Blob | undefined): Promise<StoredBlob | undefined> {
  return blob ? { type: blob.type, data: await blobBytes(blob) } : undefined;
}

function fromStored(stored: StoredBlob): Blob;
function fromStored(stored: StoredBlob | undefined): Blob | undefined;
function fromStored(stored: StoredBlob | undefined): Blob | undefined {
  return stored ? new Blob([stored.data], { type: stored.type }) : undefined;
}

export function thumbsOf(stored: StoredThumbs): CreationThumbs {
  return { ...stored, result: fromStored(stored.result), original: fromStored(stored.original) };
}

export function filesOf(stored: StoredFiles): CreationFiles {
  return { ...stored, file: fromStored(stored.file), original: fromStored(stored.original) };
}

export async function storedThumbs(thumbs: CreationThumbs): Promise<StoredThumbs> {
  const [result, original] = await Promise.all([toStored(thumbs.result), toStored(thumbs.original)]);
  return { id: thumbs.id, userId: thumbs.userId, result, original };
}

export async function storedFiles(files: CreationFiles): Promise<StoredFiles> {
  const [file, original] = await Promise.all([toStored(files.file), toStored(files.original)]);
  return { id: files.id, userId: files.userId, file, original };
}
