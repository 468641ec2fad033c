/**
 * The reads of groups of versions (My Creations, a strip of versions): the user's photos page by page,
 * each one group; the versions of one photo with the photo they were made from; some records by id.
 */
import { byUser, byUserAnd, guarded } from "./db";
import { photoOf } from "./origin";
import { matcher } from "./search";
import { filesOf } from "./stored-files";
import type { CreationGroup, CreationRecord, GroupPage, ListQuery, VersionGroup } from "./types";

/**
 * A page of the user's photos, each one group of versions (a creation kept before there were groups is
 * one of its own), newest first, with how many match in all. A group matches when any of its versions
 * does (the tool, every word of the search in what its card shows: search.ts); it is shown by its newest version that matches.
 */
export async function listGroups(userId: string, query: ListQuery = {}): Promise<GroupPage> {
  const records = await guarded((database) =>
    database.getAllFromIndex("creations", "by-user", byUser(userId)),
  );
  const matches = matcher(query.search);
  const groups = new Map<string, { versions: CreationRecord[]; shown?: CreationRecord }>();
  // Oldest first: each group's versions in order, and the newest match shown.
  for (const record of records) {
    const photo = photoOf(record);
    const group = groups.get(photo) ?? { versions: [] };
    groups.set(photo, group);
    group.versions.push(record);
    if ((!query.tool || record.tool === query.tool) && matches(record)) group.shown = record;
  }
  const shown: CreationGroup[] = [];
  for (const [photo, { versions, shown: record }] of groups)
    if (record) shown.push({ photo, record, versions });
  shown.sort((a, b) => b.record.createdAt - a.record.createdAt);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? shown.length;
  return { items: shown.slice(offset, offset + limit), total: shown.length };
}

/**
 * The versions of one photo: the user's creations of the group, oldest first, and the first version's
 * kept original as the photo they were all made from. A creation kept before there were groups is a
 * group of its own, under its own id.
 */
export async function getVersions(userId: string, photo: string): Promise<VersionGroup> {
  return guarded(async (database) => {
    const tx = database.transaction(["creations", "files"]);
    const creations = tx.objectStore("creations");
    const versions = await creations.index("by-user-photo").getAll(byUserAnd(userId, photo));
    if (versions.length === 0) {
      const own = await creations.get(photo);
      if (own?.userId === userId && !own.photo) versions.push({ ...own, photo });
    }
    const first = versions.find((record) => record.hasOriginal);
    const files = first && (await tx.objectStore("files").get(first.id));
    await tx.done;
    const original = files && files.userId === userId ? filesOf(files).original : undefined;
    return { photo, versions, original: original ?? null };
  });
}

/** Some of the user's creations by id, records only: those still there (another user's are not). */
export async function getRecords(userId: string, ids: readonly string[]): Promise<CreationRecord[]> {
  return guarded(async (database) => {
    const tx = database.transaction("creations");
    const found = await Promise.all(ids.map((id) => tx.store.get(id)));
    await tx.done;
    return found.filter((record): record is CreationRecord => record?.userId === userId);
  });
}
