/**
 * Where a photo came from, so a result remembers the chain it was made along ("Hulk → Frog") and the
 * group of versions it belongs to (every result made from the same photo). A photo is tagged with its
 * origin, `{ chain, photo }`: a handed-over file with the steps before it and the group of the result it
 * was, a photo shown again after a reload with its creation's, and any other photo with a group of its
 * own the first time a result made from it is kept. Every kept result is registered by the file a tool
 * shows, so "Edit with…" can name the creation it starts from.
 */
import type { ChainStep, CreationRecord, PhotoOrigin } from "./types";

const fileOrigins = new WeakMap<Blob, PhotoOrigin>();
const urlOrigins = new Map<string, PhotoOrigin>();
/** Kept (or being kept) results by the Blob or data/object URL the tool shows for them. */
const keptBlobs = new WeakMap<Blob, Promise<CreationRecord | null>>();
const keptUrls = new Map<string, Promise<CreationRecord | null>>();
/** URLs of tagged photos remembered: object URLs are short, data URLs are megabytes. */
const ORIGIN_URLS_MAX = 16;
/** Results remembered by their URL (the page's object URLs): only the newest few. */
const KEPT_URLS_MAX = 8;

/** Remembers `value` under a Blob, or under a URL among the newest `max` URLs. */
function remember<T>(
  blobs: WeakMap<Blob, T>,
  urls: Map<string, T>,
  max: number,
  key: Blob | string,
  value: T,
) {
  if (typeof key !== "string") return void blobs.set(key, value);
  urls.delete(key);
  urls.set(key, value);
  if (urls.size > max) urls.delete(urls.keys().next().value!);
}

function originOf(photo: Blob | string | null | undefined): PhotoOrigin | undefined {
  if (!photo) return undefined;
  return typeof photo === "string" ? urlOrigins.get(photo) : fileOrigins.get(photo);
}

/**
 * Tags a photo (a File, or the object URL a HEIC photo is shown as) with the chain of results before it
 * and, when known, the group its results join.
 */
export function setPhotoOrigin(photo: Blob | string, chain: readonly ChainStep[], group?: string): void {
  if (chain.length === 0 && !group) return;
  remember(fileOrigins, urlOrigins, ORIGIN_URLS_MAX, photo, { chain, ...(group ? { photo: group } : {}) });
}

/** The chain a photo came from; undefined for a photo of the user's own. */
export function photoOrigin(photo: Blob | string | null | undefined): readonly ChainStep[] | undefined {
  const chain = originOf(photo)?.chain;
  return chain?.length ? chain : undefined;
}

/** The group of versions results made from `photo` join; undefined until one is kept (or it came tagged). */
export function photoGroup(photo: Blob | string | null | undefined): string | undefined {
  return originOf(photo)?.photo;
}

/**
 * Gives `to` the origin of `from` (the same picture in another form: the copy of a photo that is sent,
 * a HEIC photo's browser-readable copy, a result kept editing), with a group of its own made for `from`
 * first when it has none, so results made from either join one group.
 */
export function copyPhotoOrigin(from: Blob | string, to: Blob | string): void {
  const origin = originOf(from);
  setPhotoOrigin(to, origin?.chain ?? [], origin?.photo ?? newGroup(from));
}

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** A new group of versions for results made from no photo (the animator's characters since a start). */
export function newPhotoGroup(): string {
  return newId();
}

/** A new group for `photo`, remembered with it. */
function newGroup(photo: Blob | string): string {
  const group = newId();
  setPhotoOrigin(photo, originOf(photo)?.chain ?? [], group);
  return group;
}

/** Registers the save of a result under the file the tool shows (keepCreation calls this). */
export function registerKept(file: Blob | string, saving: Promise<CreationRecord | null>): void {
  remember(keptBlobs, keptUrls, KEPT_URLS_MAX, file, saving);
}

/** The kept creation of a shown result, once its save is done; null when it was not kept. */
export function keptRecordOf(file: Blob | string): Promise<CreationRecord | null> {
  const saving = typeof file === "string" ? keptUrls.get(file) : keptBlobs.get(file);
  return saving ?? Promise.resolve(null);
}

/**
 * The group of a result made from `original`: the one the picture is tagged with; else, when the picture
 * is a result kept itself (an animator's character), that creation's; else a new one, remembered, so
 * the next result made from the same picture (the same Blob, or the same object or data URL) joins it.
 * Undefined without an original: the result is a group of its own.
 */
export async function groupOf(original: Blob | string | null | undefined): Promise<string | undefined> {
  if (!original) return undefined;
  const kept = photoGroup(original) ? null : await keptRecordOf(original);
  if (kept && !photoGroup(original)) setPhotoOrigin(original, photoOrigin(original) ?? [], photoOf(kept));
  return photoGroup(original) ?? newGroup(original);
}

/** The group a creation belongs to: its `photo`, or (kept before there were groups) itself. */
export function photoOf(record: { id: string; photo?: string }): string {
  return record.photo ?? record.id;
}

/** The chain of a result: the steps before it, then the result itself. */
export function chainOf(record: Pick<CreationRecord, "id" | "tool" | "from">): ChainStep[] {
  return [...(record.from ?? []), { tool: record.tool, id: record.id }];
}
