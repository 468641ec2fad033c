/**
 * Where a photo came from, so a result made from another result remembers its chain ("Hulk → Frog"):
 * handed-over files are tagged with the steps before them, and every kept result is registered by the
 * file a tool shows, so "Edit with…" can name the creation it starts from.
 */
import type { ChainStep, CreationRecord } from "./types";

const fileOrigins = new WeakMap<Blob, readonly ChainStep[]>();
const urlOrigins = new Map<string, readonly ChainStep[]>();
/** Kept (or being kept) results by the Blob or data/object URL the tool shows for them. */
const keptBlobs = new WeakMap<Blob, Promise<CreationRecord | null>>();
const keptUrls = new Map<string, Promise<CreationRecord | null>>();
/** URLs of tagged photos remembered (object URLs of HEIC copies are short; data URLs are not). */
const ORIGIN_URLS_MAX = 24;
/** Results kept as data URLs are megabytes each: only the newest few are remembered. */
const KEPT_URLS_MAX = 8;

/** Tags a handed-over photo (a File, or the object URL a HEIC photo is shown as) with its chain. */
export function setPhotoOrigin(photo: Blob | string, chain: readonly ChainStep[]): void {
  if (chain.length === 0) return;
  if (typeof photo === "string") {
    urlOrigins.delete(photo);
    urlOrigins.set(photo, chain);
    if (urlOrigins.size > ORIGIN_URLS_MAX) urlOrigins.delete(urlOrigins.keys().next().value!);
  } else fileOrigins.set(photo, chain);
}

/** The chain a photo came from; undefined for a photo of the user's own. */
export function photoOrigin(photo: Blob | string | null | undefined): readonly ChainStep[] | undefined {
  if (!photo) return undefined;
  return typeof photo === "string" ? urlOrigins.get(photo) : fileOrigins.get(photo);
}

/** Registers the save of a result under the file the tool shows (keepCreation calls this). */
export function registerKept(file: Blob | string, saving: Promise<CreationRecord | null>): void {
  if (typeof file === "string") {
    keptUrls.delete(file);
    keptUrls.set(file, saving);
    if (keptUrls.size > KEPT_URLS_MAX) keptUrls.delete(keptUrls.keys().next().value!);
  } else keptBlobs.set(file, saving);
}

/** The kept creation of a shown result, once its save is done; null when it was not kept. */
export function keptRecordOf(file: Blob | string): Promise<CreationRecord | null> {
  const saving = typeof file === "string" ? keptUrls.get(file) : keptBlobs.get(file);
  return saving ?? Promise.resolve(null);
}

/** The chain of a result: the steps before it, then the result itself. */
export function chainOf(record: Pick<CreationRecord, "id" | "tool" | "from">): ChainStep[] {
  return [...(record.from ?? []), { tool: record.tool, id: record.id }];
}
