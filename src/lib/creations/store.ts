/**
 * Creations on this device: IndexedDB through idb. Three stores so a list never reads a file:
 * `creations` (small records, indexed by [userId, createdAt] and [userId, tool, createdAt]),
 * `thumbs` (the grid's small pictures) and `files` (the result and the downscaled original, read
 * only when one is opened). Every read and write names the user: another account on the same
 * browser never sees a thing, and signing out deletes nothing unless the user asks to
 * (removeUserDataFromDevice, the logout dialog's checkbox).
 */
import type { DBSchema, IDBPDatabase } from "idb";
import type { ToolId } from "@/tools/registry";
import { databaseConnection } from "@/lib/indexed-db";
import { toStoreError } from "./errors";
import {
  filesOf,
  storedFiles,
  storedThumbs,
  thumbsOf,
  type StoredFiles,
  type StoredThumbs,
} from "./stored-files";
import type {
  CreationFiles,
  CreationRecord,
  CreationThumbs,
  DeletedCreation,
  PreparedCreation,
} from "./types";

const DB_NAME = "cucumber-creations";
const DB_VERSION = 1;

interface CreationsDb extends DBSchema {
  creations: {
    key: string;
    value: CreationRecord;
    indexes: { "by-user": [string, number]; "by-user-tool": [string, string, number] };
  };
  thumbs: { key: string; value: StoredThumbs };
  files: { key: string; value: StoredFiles };
}

type Db = IDBPDatabase<CreationsDb>;

const db = databaseConnection<CreationsDb>(DB_NAME, DB_VERSION, (database) => {
  const creations = database.createObjectStore("creations", { keyPath: "id" });
  creations.createIndex("by-user", ["userId", "createdAt"]);
  creations.createIndex("by-user-tool", ["userId", "tool", "createdAt"]);
  database.createObjectStore("thumbs", { keyPath: "id" });
  database.createObjectStore("files", { keyPath: "id" });
});

async function guarded<T>(work: (database: Db) => Promise<T>, database?: Promise<Db>): Promise<T> {
  try {
    return await work(await (database ?? db()));
  } catch (error) {
    throw toStoreError(error);
  }
}

/** The database as it is now, for a write that finishes later (a save started before a switch of storage). */
export function openCreationsDb(): Promise<Db> {
  const opening = db();
  opening.catch(() => undefined);
  return opening;
}

type Listener = (userId: string) => void;
const listeners = new Set<Listener>();

/** Called after every change to a user's creations (a save, a delete, an undo). */
export function subscribeCreations(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(userId: string) {
  for (const listener of listeners) listener(userId);
}

const byUser = (userId: string) => IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
const byUserTool = (userId: string, tool: string) =>
  IDBKeyRange.bound([userId, tool, -Infinity], [userId, tool, Infinity]);

/** Writes one prepared creation for the user, all or nothing. */
export async function putCreation(
  userId: string,
  prepared: PreparedCreation,
  database?: Promise<Db>,
): Promise<CreationRecord> {
  const record: CreationRecord = { ...prepared.record, userId };
  // Read the bytes before the transaction opens: it would commit while waiting on anything else.
  const [thumbs, files] = await Promise.all([
    storedThumbs({ ...prepared.thumbs, userId }),
    storedFiles({ ...prepared.files, userId }),
  ]);
  await guarded(async (database) => {
    const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
    await Promise.all([
      tx.objectStore("creations").put(record),
      tx.objectStore("thumbs").put(thumbs),
      tx.objectStore("files").put(files),
      tx.done,
    ]);
  }, database);
  changed(userId);
  return record;
}

export type ListQuery = {
  tool?: ToolId;
  /** Words to find in the instruction (case-insensitive, all of them). */
  search?: string;
  offset?: number;
  limit?: number;
};

export type ListPage = { items: CreationRecord[]; total: number };

function matcher(search: string | undefined): (record: CreationRecord) => boolean {
  const words = (search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (record) => {
    const text = `${record.instruction} ${record.excerpt ?? ""}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
}

/** A page of the user's creations, newest first, with how many match in all. Records only: no files. */
export async function listCreations(userId: string, query: ListQuery = {}): Promise<ListPage> {
  const records = await guarded((database) =>
    query.tool
      ? database.getAllFromIndex("creations", "by-user-tool", byUserTool(userId, query.tool))
      : database.getAllFromIndex("creations", "by-user", byUser(userId)),
  );
  const matches = records.filter(matcher(query.search)).reverse();
  const offset = query.offset ?? 0;
  const limit = query.limit ?? matches.length;
  return { items: matches.slice(offset, offset + limit), total: matches.length };
}

/** The small pictures of some of the user's creations (the grid's page), by id. */
export async function getThumbs(
  userId: string,
  ids: readonly string[],
): Promise<Map<string, CreationThumbs>> {
  return guarded(async (database) => {
    const tx = database.transaction("thumbs");
    const found = await Promise.all(ids.map((id) => tx.store.get(id)));
    await tx.done;
    const out = new Map<string, CreationThumbs>();
    for (const thumbs of found) if (thumbs && thumbs.userId === userId) out.set(thumbs.id, thumbsOf(thumbs));
    return out;
  });
}

/** One creation with its full files, or null when it is not the user's (or gone). */
export async function getCreation(
  userId: string,
  id: string,
): Promise<{ record: CreationRecord; files: CreationFiles } | null> {
  return guarded(async (database) => {
    const tx = database.transaction(["creations", "files"]);
    const [record, files] = await Promise.all([
      tx.objectStore("creations").get(id),
      tx.objectStore("files").get(id),
    ]);
    await tx.done;
    if (!record || !files || record.userId !== userId || files.userId !== userId) return null;
    return { record, files: filesOf(files) };
  });
}

/** The user's newest creation of a tool, with its files (what a tool page shows again on reload). */
export async function getLastCreation(
  userId: string,
  tool: ToolId,
): Promise<{ record: CreationRecord; files: CreationFiles } | null> {
  const record = await guarded(async (database) => {
    const cursor = await database
      .transaction("creations")
      .store.index("by-user-tool")
      .openCursor(byUserTool(userId, tool), "prev");
    return cursor?.value ?? null;
  });
  return record ? getCreation(userId, record.id) : null;
}

/** Removes one of the user's creations; returns what undo needs to put it back (null when not found). */
export async function deleteCreation(userId: string, id: string): Promise<DeletedCreation | null> {
  const deleted = await guarded(async (database) => {
    const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
    const record = await tx.objectStore("creations").get(id);
    if (!record || record.userId !== userId) {
      await tx.done;
      return null;
    }
    const [thumbs, files] = await Promise.all([
      tx.objectStore("thumbs").get(id),
      tx.objectStore("files").get(id),
    ]);
    await Promise.all([
      tx.objectStore("creations").delete(id),
      tx.objectStore("thumbs").delete(id),
      tx.objectStore("files").delete(id),
      tx.done,
    ]);
    return {
      record,
      thumbs: thumbs ? thumbsOf(thumbs) : undefined,
      files: files ? filesOf(files) : undefined,
    };
  });
  if (deleted) changed(userId);
  return deleted;
}

/** Puts a deleted creation back (undo). */
export async function restoreCreation(deleted: DeletedCreation): Promise<void> {
  const userId = deleted.record.userId;
  const [thumbs, files] = await Promise.all([
    deleted.thumbs ? storedThumbs(deleted.thumbs) : undefined,
    deleted.files ? storedFiles(deleted.files) : undefined,
  ]);
  await guarded(async (database) => {
    const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
    const writes: Promise<unknown>[] = [tx.objectStore("creations").put(deleted.record)];
    if (thumbs) writes.push(tx.objectStore("thumbs").put(thumbs));
    if (files) writes.push(tx.objectStore("files").put(files));
    await Promise.all([...writes, tx.done]);
  });
  changed(userId);
}

async function deleteIds(userId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await guarded(async (database) => {
    const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
    await Promise.all([
      ...ids.flatMap((id) => [
        tx.objectStore("creations").delete(id),
        tx.objectStore("thumbs").delete(id),
        tx.objectStore("files").delete(id),
      ]),
      tx.done,
    ]);
  });
  changed(userId);
  return ids.length;
}

/** Removes every creation of the user on this device; returns how many. Other users' stay. */
export async function deleteAllCreations(userId: string): Promise<number> {
  const { items } = await listCreations(userId);
  return deleteIds(
    userId,
    items.map((r) => r.id),
  );
}

/** Removes the user's `count` oldest creations (to make room); returns how many. */
export async function deleteOldestCreations(userId: string, count: number): Promise<number> {
  const { items } = await listCreations(userId);
  return deleteIds(
    userId,
    items.slice(-count).map((r) => r.id),
  );
}

/** How many creations the user has here and the bytes they take. */
export async function creationsUsage(userId: string): Promise<{ count: number; bytes: number }> {
  const { items } = await listCreations(userId);
  return { count: items.length, bytes: items.reduce((sum, r) => sum + r.totalSize, 0) };
}
