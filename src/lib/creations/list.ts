/**
 * The reads of lists (Batch's last run, My Creations' counts, deleting all or the oldest): the user's
 * records filtered and paged, their thumbnails, and how much they take. No list reads a result's file.
 * The groups of versions are read in groups.ts.
 */
import { byUser, byUserAnd, guarded } from "./db";
import { matcher } from "./search";
import { thumbsOf } from "./stored-files";
import type { CreationsUsage, CreationThumbs, ListPage, ListQuery } from "./types";

/** A page of the user's creations, newest first, with how many match in all. Records only: no files. */
export async function listCreations(userId: string, query: ListQuery = {}): Promise<ListPage> {
  const records = await guarded((database) =>
    query.tool
      ? database.getAllFromIndex("creations", "by-user-tool", byUserAnd(userId, query.tool))
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

/** How many creations the user has here and the bytes they take. */
export async function creationsUsage(userId: string): Promise<CreationsUsage> {
  const { items } = await listCreations(userId);
  return { count: items.length, bytes: items.reduce((sum, r) => sum + r.totalSize, 0) };
}
