/**
 * Reads of saved results through the data cache: what every read shares, and the two a tool page makes
 * (the user's newest creation of a tool, one creation with its files). Small on purpose: every tool page
 * loads it at once; My Creations' reads are in list-queries.ts, the keys in keys.ts.
 */
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ToolId } from "@/tools/registry";
import { blobText } from "@/lib/read-blob";
import { creationKeys } from "./keys";
import { getCreation, getLastRecord } from "./read";
import type { OpenedCreation } from "./types";

/** The data caches that have read creations: a write invalidates what it changed in each (sync.ts). */
export const readers = new Set<QueryClient>();

/**
 * What every read of the device's storage shares: it runs offline too (IndexedDB is no network) and a
 * failure is not tried again (private browsing or blocked storage stays so). Each write in this tab
 * invalidates what it changed, so a page opened again within half a minute, or the window focused,
 * reads nothing again.
 */
export const onDevice = {
  networkMode: "always",
  retry: false,
  staleTime: 30_000,
  refetchOnWindowFocus: false,
} as const;

/** The user's newest creation of a tool, the record only; null when there is none. */
export const lastCreationQuery = (userId: string, tool: ToolId) =>
  queryOptions({
    queryKey: creationKeys.last(userId, tool),
    queryFn: ({ client }) => {
      readers.add(client);
      return getLastRecord(userId, tool);
    },
    ...onDevice,
  });

/**
 * One creation with its files and, for a text result, its text; null when it is not the user's (or
 * gone). Files are megabytes: the cache forgets them as soon as nothing shows them.
 */
export const creationQuery = (userId: string, id: string) =>
  queryOptions({
    queryKey: creationKeys.detail(userId, id),
    queryFn: async ({ client }): Promise<OpenedCreation | null> => {
      readers.add(client);
      const found = await getCreation(userId, id);
      if (!found) return null;
      return found.record.kind === "text" ? { ...found, text: await blobText(found.files.file) } : found;
    },
    ...onDevice,
    staleTime: Infinity,
    gcTime: 0,
  });
