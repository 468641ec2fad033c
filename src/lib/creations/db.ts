/**
 * The creations database on this device (IndexedDB through idb). Three stores so a list never reads a
 * file: `creations` (small records, indexed by [userId, createdAt], [userId, tool, createdAt] and, for
 * the versions of one photo, [userId, photo, createdAt]),
 * `thumbs` (the grid's small pictures) and `files` (the result and the downscaled original, read only
 * when one is opened). Every read and write names the user: another account on the same browser never
 * sees a thing, and signing out deletes nothing unless the user asks to (removeUserDataFromDevice).
 * Reads are in read.ts and list.ts, writes in write.ts.
 */
import type { DBSchema, IDBPDatabase } from "idb";
import { databaseConnection } from "@/lib/indexed-db";
import { toStoreError } from "./errors";
import type { StoredFiles, StoredThumbs } from "./stored-files";
import type { CreationRecord } from "./types";

const DB_NAME = "cucumber-creations";
/** 1: the three stores; 2: groups of versions (the `photo` of each record, and its index). */
const DB_VERSION = 2;

export interface CreationsDb extends DBSchema {
  creations: {
    key: string;
    value: CreationRecord;
    indexes: {
      "by-user": [string, number];
      "by-user-tool": [string, string, number];
      "by-user-photo": [string, string, number];
    };
  };
  thumbs: { key: string; value: StoredThumbs };
  files: { key: string; value: StoredFiles };
}

export type Db = IDBPDatabase<CreationsDb>;

const db = databaseConnection<CreationsDb>(DB_NAME, DB_VERSION, (database, oldVersion, _new, transaction) => {
  if (oldVersion < 1) {
    const creations = database.createObjectStore("creations", { keyPath: "id" });
    creations.createIndex("by-user", ["userId", "createdAt"]);
    creations.createIndex("by-user-tool", ["userId", "tool", "createdAt"]);
    database.createObjectStore("thumbs", { keyPath: "id" });
    database.createObjectStore("files", { keyPath: "id" });
  }
  if (oldVersion < 2) {
    const creations = transaction.objectStore("creations");
    creations.createIndex("by-user-photo", ["userId", "photo", "createdAt"]);
    // Kept before there were groups: each is a group of its own, under its own id (found by the index).
    void creations
      .getAll()
      .then((records) =>
        Promise.all(records.map((record) => record.photo || creations.put({ ...record, photo: record.id }))),
      )
      .catch(() => undefined);
  }
});

/** Runs `work` on the database; any failure of IndexedDB comes out as a CreationStoreError. */
export async function guarded<T>(work: (database: Db) => Promise<T>, database?: Promise<Db>): Promise<T> {
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

export const byUser = (userId: string) => IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
/** The records of [userId, tool] or [userId, photo] in the index by it, any date. */
export const byUserAnd = (userId: string, value: string) =>
  IDBKeyRange.bound([userId, value, -Infinity], [userId, value, Infinity]);
