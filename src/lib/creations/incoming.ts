/**
 * Photos handed to a tool from outside its own upload area: shared from the phone's gallery (the
 * share target), opened with the app ("Open with", the File Handling API), or a result sent on with
 * "Edit with…". They wait in IndexedDB, so a sign-in or a reload on the way loses nothing, until the
 * tool takes them or the visitor dismisses them. The service worker writes here too (src/sw).
 */
import type { DBSchema } from "idb";
import { databaseConnection } from "@/lib/indexed-db";
import { blobBytes } from "@/lib/read-blob";
import type { ChainStep, IncomingPhotos, IncomingSource } from "./types";

/**
 * One file as it is kept: its bytes, as creations keep theirs (stored-files.ts), since
 * every engine clones an ArrayBuffer (not every one stores Blobs or Files); a File is rebuilt from it.
 */
type StoredFile = { data: ArrayBuffer; name: string; type: string; lastModified: number };

type StoredIncoming = {
  id: string;
  source: IncomingSource;
  files: StoredFile[];
  /** The chain of results the photo came from ("Edit with…"). */
  from?: ChainStep[];
  /** The group of versions of the result it was ("Edit with…"). */
  photo?: string;
  createdAt: number;
};

interface IncomingDb extends DBSchema {
  photos: { key: string; value: StoredIncoming; indexes: { "by-date": number } };
}

const DB_NAME = "cucumber-incoming";
const DB_VERSION = 1;
/** Handed-over photos nobody took are forgotten after a day. */
export const INCOMING_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const db = databaseConnection<IncomingDb>(DB_NAME, DB_VERSION, (database) => {
  const store = database.createObjectStore("photos", { keyPath: "id" });
  store.createIndex("by-date", "createdAt");
});

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function toFile(stored: StoredFile): File {
  return new File([stored.data], stored.name, { type: stored.type, lastModified: stored.lastModified });
}

function fromStored(stored: StoredIncoming): IncomingPhotos {
  return {
    id: stored.id,
    source: stored.source,
    files: stored.files.map(toFile),
    createdAt: stored.createdAt,
    ...(stored.from?.length ? { from: stored.from } : {}),
    ...(stored.photo ? { photo: stored.photo } : {}),
  };
}

/**
 * Keeps handed-over files until a tool takes them, with the chain they came from and the group of
 * versions results made from them join ("Edit with…"); resolves with their id.
 */
export async function putIncoming(
  files: readonly File[],
  source: IncomingSource,
  from?: readonly ChainStep[],
  photo?: string,
): Promise<string> {
  const id = newId();
  // The bytes are read before the database is touched (a transaction would commit while waiting).
  const stored = await Promise.all(
    files.map(async (file) => ({
      data: await blobBytes(file),
      name: file.name,
      type: file.type,
      lastModified: file.lastModified,
    })),
  );
  const record: StoredIncoming = {
    id,
    source,
    files: stored,
    createdAt: Date.now(),
    ...(from?.length ? { from: from.map((step) => ({ ...step })) } : {}),
    ...(photo ? { photo } : {}),
  };
  const tx = (await db()).transaction("photos", "readwrite");
  // Nothing piles up: what is older than a day goes, and a gate keeps one task (the newest stopped).
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    const old = cursor.value;
    if (Date.now() - old.createdAt > INCOMING_MAX_AGE_MS || (source === "gate" && old.source === "gate")) {
      await cursor.delete();
    }
  }
  await tx.store.put(record);
  await tx.done;
  return id;
}

/** The handed-over files under `id`, left in place (the chooser shows them); null when gone. */
export async function readIncoming(id: string): Promise<IncomingPhotos | null> {
  const stored = await (await db()).get("photos", id);
  if (!stored || Date.now() - stored.createdAt > INCOMING_MAX_AGE_MS) return null;
  return fromStored(stored);
}

/**
 * Takes the files under `id` (read and removed in one step: a second taker finds nothing). A task a
 * gate stopped stays until its `last` way back (after the payment), so coming back from Pricing without
 * paying and paying later still brings it; a newer gate's task or a day replaces it (putIncoming).
 */
export async function takeIncoming(
  id: string,
  { last = true }: { last?: boolean } = {},
): Promise<IncomingPhotos | null> {
  const tx = (await db()).transaction("photos", "readwrite");
  const stored = await tx.store.get(id);
  if (stored && (last || stored.source !== "gate")) await tx.store.delete(id);
  await tx.done;
  if (!stored || Date.now() - stored.createdAt > INCOMING_MAX_AGE_MS) return null;
  return fromStored(stored);
}

/** Forgets the files under `id` (the visitor dismissed them). */
export async function dismissIncoming(id: string): Promise<void> {
  await (await db()).delete("photos", id);
}

/**
 * The newest share or "Open with" still waiting (a visitor who came back without its link), after
 * forgetting those older than a day; null when there is none.
 */
export async function latestIncoming(): Promise<IncomingPhotos | null> {
  const tx = (await db()).transaction("photos", "readwrite");
  const index = tx.store.index("by-date");
  let newest: StoredIncoming | null = null;
  for (let cursor = await index.openCursor(); cursor; cursor = await cursor.continue()) {
    if (Date.now() - cursor.value.createdAt > INCOMING_MAX_AGE_MS) await cursor.delete();
    else if (cursor.value.source !== "edit" && cursor.value.source !== "gate") newest = cursor.value;
  }
  await tx.done;
  return newest ? fromStored(newest) : null;
}
