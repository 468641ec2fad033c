/**
 * My Creations' reads, as query options (keys: keys.ts): the grid page by page, each creation's small
 * pictures, the records of a chain's steps, and how much the creations take on this device.
 */
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { creationKeys, type CreationsListKey } from "./keys";
import { getRecords, getVersions, listGroups } from "./groups";
import { creationsUsage, getThumbs } from "./list";
import { estimateStorage } from "./storage";
import { onDevice, readers } from "./queries";
import type { CreationKind } from "./types";

/**
 * The user's photos for the grid, each one group of versions, newest first, `pageSize` at a time
 * (fetchNextPage: the next ones); a group matches when any of its versions does.
 */
export const creationsListQuery = (userId: string, query: CreationsListKey) =>
  infiniteQueryOptions({
    queryKey: creationKeys.list(userId, query),
    queryFn: ({ client, pageParam }) => {
      readers.add(client);
      return listGroups(userId, {
        tool: query.tool,
        search: query.search,
        offset: pageParam,
        limit: query.pageSize,
      });
    },
    initialPageParam: 0,
    getNextPageParam: (page, _pages, offset) =>
      offset + page.items.length < page.total ? offset + page.items.length : undefined,
    ...onDevice,
  });

/** Creations whose thumbnails are being made again on this page load (once each). */
const completing = new Set<string>();

/**
 * One creation's small pictures (null when it has none). A creation kept without them (the page was
 * closed right after its result came) gets them made now, once: the save path is fetched for it, and its
 * write invalidates this read.
 */
export const thumbsQuery = (userId: string, creation: { id: string; kind: CreationKind }) =>
  queryOptions({
    queryKey: creationKeys.thumbs(userId, creation.id),
    queryFn: async ({ client }) => {
      readers.add(client);
      const thumbs = (await getThumbs(userId, [creation.id])).get(creation.id) ?? null;
      if (!thumbs?.result && creation.kind !== "text" && !completing.has(creation.id)) {
        completing.add(creation.id);
        import("./keep.lazy")
          .then(({ completeCreation }) => completeCreation(userId, creation.id))
          .catch((error: unknown) => console.warn("Could not make the thumbnails", error));
      }
      return thumbs;
    },
    ...onDevice,
    staleTime: Infinity,
  });

/**
 * The versions of one photo (`photo`: a creation's group): its creations oldest first and the photo
 * they were made from, for a strip of versions. Again after any of them is kept, deleted or put back.
 */
export const versionsQuery = (userId: string, photo: string) =>
  queryOptions({
    queryKey: creationKeys.versions(userId, photo),
    queryFn: ({ client }) => {
      readers.add(client);
      return getVersions(userId, photo);
    },
    ...onDevice,
  });

/** The records of some of the user's creations (a chain's steps): those still there, by id. */
export const recordsQuery = (userId: string, ids: readonly string[]) =>
  queryOptions({
    queryKey: creationKeys.records(userId, ids),
    queryFn: ({ client }) => {
      readers.add(client);
      return getRecords(userId, ids);
    },
    ...onDevice,
  });

/** How many creations the user has here and the bytes they take, with what the browser allows. */
export const usageQuery = (userId: string) =>
  queryOptions({
    queryKey: creationKeys.usage(userId),
    queryFn: async ({ client }) => {
      readers.add(client);
      const [usage, estimate] = await Promise.all([creationsUsage(userId), estimateStorage()]);
      return { ...usage, estimate };
    },
    ...onDevice,
  });
