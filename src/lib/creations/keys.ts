/**
 * The query keys of saved results, one factory for every read (queries.ts, list-queries.ts) and for
 * what a change invalidates (sync.ts). Everything of a user sits under `user(userId)`, the kind of read
 * third: ["creations", userId, kind, ...].
 */
import type { ToolId } from "@/tools/registry";

export type CreationsListKey = { tool?: ToolId; search?: string; pageSize: number };

export const creationKeys = {
  all: ["creations"] as const,
  user: (userId: string) => ["creations", userId] as const,
  /** My Creations' grid, filtered, page by page. */
  list: (userId: string, query: CreationsListKey) => ["creations", userId, "list", query] as const,
  /** The user's newest creation of a tool (its record). */
  last: (userId: string, tool: ToolId) => ["creations", userId, "last", tool] as const,
  /** One creation with its files. */
  detail: (userId: string, id: string) => ["creations", userId, "detail", id] as const,
  /** One creation's small pictures. */
  thumbs: (userId: string, id: string) => ["creations", userId, "thumbs", id] as const,
  /** The versions of one photo: its group's creations, oldest first, and the photo. */
  versions: (userId: string, photo: string) => ["creations", userId, "versions", photo] as const,
  /** Some creations' records, by id (the steps of a chain). */
  records: (userId: string, ids: readonly string[]) => ["creations", userId, "records", ids] as const,
  /** How many creations the user has here, the bytes they take and what the browser allows. */
  usage: (userId: string) => ["creations", userId, "usage"] as const,
  /** Photos shared into the app waiting for the chooser (`null`: the newest share). Not a user's. */
  shared: (id: string | null) => ["creations", "shared", id] as const,
};
