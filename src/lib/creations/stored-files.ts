/**
 * How a creation's pictures are written to IndexedDB and read back. Where the engine clones Blobs (every
 * current browser), each picture is stored as the Blob itself: the browser keeps its bytes apart and
 * nothing is copied on the page's main thread (storing a 4K result's bytes as an ArrayBuffer copied
 * 14 MB there, the longest tasks of four 4K results: docs/performance.md "Several results at 4K").
 * Elsewhere (engines that cannot clone a Blob, test doubles) and when the database refuses a Blob (older
 * Safari in private mode), its bytes and type are stored instead. Both forms are read back, so records
 * written before keep working.
 */
import { blobBytes } from "@/lib/read-blob";
import type { CreationFiles, CreationThumbs } from "./types";

type StoredBlob = { type: string; data: ArrayBuffer } | { type: string; blob: Blob };
export type StoredThumbs = { id: string; userId: string; result?: StoredBlob; original?: StoredBlob };
export type StoredFiles = {
  id: string;
  userId: string;
  file: StoredBlob;
  original?: StoredBlob;
  area?: StoredBlob;
  references?: StoredBlob[];
};

/** How pictures are written: as Blobs, or as their bytes. */
export type StoreAs = "blob" | "bytes";

let cloneable: boolean | undefined;

/** Whether this engine's structured clone keeps a Blob a Blob (what IndexedDB's `put` uses). */
export function blobsCloneable(): boolean {
  if (cloneable === undefined) {
    try {
      const copy: unknown = structuredClone(new Blob([new Uint8Array(1)]));
      cloneable = copy instanceof Blob && copy.size === 1;
    } catch {
      cloneable = false;
    }
  }
  return cloneable;
}

/** The form to write in first: Blobs where they clone. */
export function preferredStoreAs(): StoreAs {
  return blobsCloneable() ? "blob" : "bytes";
}

async function toStored(blob: Blob, as: StoreAs): Promise<StoredBlob>;
async function toStored(blob: Blob | undefined, as: StoreAs): Promise<StoredBlob | undefined>;
async function toStored(blob: Blob | undefined, as: StoreAs): Promise<StoredBlob | undefined> {
  if (!blob) return undefined;
  return as === "blob" ? { type: blob.type, blob } : { type: blob.type, data: await blobBytes(blob) };
}

function fromStored(stored: StoredBlob): Blob;
function fromStored(stored: StoredBlob | undefined): Blob | undefined;
function fromStored(stored: StoredBlob | undefined): Blob | undefined {
  if (!stored) return undefined;
  if ("blob" in stored && stored.blob instanceof Blob) return stored.blob;
  return new Blob("data" in stored ? [stored.data] : [], { type: stored.type });
}

export function thumbsOf(stored: StoredThumbs): CreationThumbs {
  return { ...stored, result: fromStored(stored.result), original: fromStored(stored.original) };
}

export function filesOf(stored: StoredFiles): CreationFiles {
  const { area: storedArea, references: storedReferences, ...rest } = stored;
  const area = fromStored(storedArea);
  return {
    ...rest,
    file: fromStored(stored.file),
    original: fromStored(stored.original),
    ...(area ? { area } : {}),
    ...(storedReferences?.length ? { references: storedReferences.map((r) => fromStored(r)) } : {}),
  };
}

export async function storedThumbs(thumbs: CreationThumbs, as = preferredStoreAs()): Promise<StoredThumbs> {
  const [result, original] = await Promise.all([toStored(thumbs.result, as), toStored(thumbs.original, as)]);
  return { id: thumbs.id, userId: thumbs.userId, result, original };
}

export async function storedFiles(files: CreationFiles, as = preferredStoreAs()): Promise<StoredFiles> {
  const [file, original, area, references] = await Promise.all([
    toStored(files.file, as),
    toStored(files.original, as),
    toStored(files.area, as),
    Promise.all((files.references ?? []).map((r) => toStored(r, as))),
  ]);
  return {
    id: files.id,
    userId: files.userId,
    file,
    original,
    ...(area ? { area } : {}),
    ...(references.length ? { references } : {}),
  };
}

/**
 * Runs `write` with the pictures in the preferred form; when the database refuses a Blob (it throws on
 * `put`: DataCloneError, or older Safari's UnknownError in private mode), once more with their bytes.
 */
export async function writeWithFallback<T>(
  write: (as: StoreAs) => Promise<T>,
  as: StoreAs = preferredStoreAs(),
): Promise<T> {
  try {
    return await write(as);
  } catch (error) {
    if (as === "bytes" || !refusedBlob(error)) throw error;
    return write("bytes");
  }
}

function refusedBlob(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "DataCloneError" || name === "UnknownError" || name === "NotSupportedError";
}
