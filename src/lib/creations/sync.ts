/**
 * Writes invalidate what they change: every write (a save, a delete, an undo, delete all, delete oldest;
 * write.ts) names the records it touched, and each data cache that has read creations (queries.ts,
 * `readers`) invalidates what those records are part of: the lists, the counts and the chains always;
 * a tool's last creation when one is of that tool; a photo's versions when one is of its group; one
 * creation's files and pictures when it is that one. The one way cached reads learn of a change: no page listens to the store. Loaded with the writes,
 * never in a page's first load.
 */
import type { QueryKey } from "@tanstack/react-query";
import { creationKeys } from "./keys";
import { photoOf } from "./origin";
import { readers } from "./queries";
import type { CreationsChange } from "./types";

/** Whether the query under `key` (["creations", userId, kind, arg]) reads any of the changed records. */
function touches({ records }: CreationsChange, key: QueryKey): boolean {
  if (!records) return true;
  const [, , kind, arg] = key;
  switch (kind) {
    case "last":
      return records.some((record) => record.tool === arg);
    case "versions":
      return records.some((record) => photoOf(record) === arg);
    case "detail":
    case "thumbs":
      return records.some((record) => record.id === arg);
    default:
      return true;
  }
}

/** Invalidates, in every data cache that read creations, what `change` touched. */
export function invalidateCreations(change: CreationsChange): void {
  for (const client of readers) {
    void client.invalidateQueries({
      queryKey: creationKeys.user(change.userId),
      predicate: (query) => touches(change, query.queryKey),
    });
  }
}
