/**
 * The reads a tool page makes: one creation with its files, and the user's newest of a tool (what a
 * page shows again after a reload). Small on purpose: every tool page loads it at once.
 */
import type { ToolId } from "@/tools/registry";
import { byUserAnd, guarded } from "./db";
import { filesOf } from "./stored-files";
import type { Creation, CreationRecord } from "./types";

/** One creation with its full files, or null when it is not the user's (or gone). */
export async function getCreation(userId: string, id: string): Promise<Creation | null> {
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

/** The user's newest creation of a tool, the record only; null when there is none. */
export async function getLastRecord(userId: string, tool: ToolId): Promise<CreationRecord | null> {
  return guarded(async (database) => {
    const cursor = await database
      .transaction("creations")
      .store.index("by-user-tool")
      .openCursor(byUserAnd(userId, tool), "prev");
    return cursor?.value ?? null;
  });
}

/** The user's newest creation of a tool, with its files (what a tool page shows again on reload). */
export async function getLastCreation(userId: string, tool: ToolId): Promise<Creation | null> {
  const record = await getLastRecord(userId, tool);
  return record ? getCreation(userId, record.id) : null;
}
