/**
 * Writing creations: a prepared creation put in all three stores at once, one deleted (and put back:
 * undo), every one of a user's, or the oldest. Each write invalidates the cached reads it changed
 * (sync.ts).
 */
import { guarded, type Db } from "./db";
import { listCreations } from "./list";
import { filesOf, storedFiles, storedThumbs, thumbsOf, writeWithFallback } from "./stored-files";
import { invalidateCreations } from "./sync";
import type { CreationRecord, DeletedCreation, PreparedCreation } from "./types";

/** Writes one prepared creation for the user, all or nothing. */
export async function putCreation(
  userId: string,
  prepared: PreparedCreation,
  database?: Promise<Db>,
): Promise<CreationRecord> {
  const record: CreationRecord = { ...prepared.record, userId };
  await guarded(
    (database) =>
      writeWithFallback(async (as) => {
        // What is stored is made before the transaction opens: it would commit while waiting on anything else.
        const [thumbs, files] = await Promise.all([
          storedThumbs({ ...prepared.thumbs, userId }, as),
          storedFiles({ ...prepared.files, userId }, as),
        ]);
        const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
        await Promise.all([
          tx.objectStore("creations").put(record),
          tx.objectStore("thumbs").put(thumbs),
          tx.objectStore("files").put(files),
          tx.done,
        ]);
      }),
    database,
  );
  invalidateCreations({ userId, records: [record] });
  return record;
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
  if (deleted) invalidateCreations({ userId, records: [deleted.record] });
  return deleted;
}

/** Puts a deleted creation back (undo). */
export async function restoreCreation(deleted: DeletedCreation): Promise<void> {
  const userId = deleted.record.userId;
  await guarded((database) =>
    writeWithFallback(async (as) => {
      const [thumbs, files] = await Promise.all([
        deleted.thumbs ? storedThumbs(deleted.thumbs, as) : undefined,
        deleted.files ? storedFiles(deleted.files, as) : undefined,
      ]);
      const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
      const writes: Promise<unknown>[] = [tx.objectStore("creations").put(deleted.record)];
      if (thumbs) writes.push(tx.objectStore("thumbs").put(thumbs));
      if (files) writes.push(tx.objectStore("files").put(files));
      await Promise.all([...writes, tx.done]);
    }),
  );
  invalidateCreations({ userId, records: [deleted.record] });
}

async function deleteRecords(userId: string, records: readonly CreationRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  await guarded(async (database) => {
    const tx = database.transaction(["creations", "thumbs", "files"], "readwrite");
    await Promise.all([
      ...records.flatMap(({ id }) => [
        tx.objectStore("creations").delete(id),
        tx.objectStore("thumbs").delete(id),
        tx.objectStore("files").delete(id),
      ]),
      tx.done,
    ]);
  });
  invalidateCreations({ userId, records });
  return records.length;
}

/** Removes every creation of the user on this device; returns how many. Other users' stay. */
export async function deleteAllCreations(userId: string): Promise<number> {
  const { items } = await listCreations(userId);
  return deleteRecords(userId, items);
}

/** Removes the user's `count` oldest creations (to make room); returns how many. */
export async function deleteOldestCreations(userId: string, count: number): Promise<number> {
  const { items } = await listCreations(userId);
  return deleteRecords(userId, items.slice(-count));
}
