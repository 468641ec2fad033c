/**
 * My Creations' data, read through the data cache (the queries of @/lib/creations): the user's photos
 * page by page, each one group of versions, how much the creations take, and each one's thumbnails.
 * Every save, delete or undo anywhere in the app invalidates what it changed, so the page follows
 * without listening itself.
 */
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ToolId } from "@/tools/registry";
import { useObjectUrl } from "@/hooks/use-object-urls";
import {
  creationsListQuery,
  thumbsQuery,
  usageQuery,
  type CreationGroup,
  type CreationRecord,
  type StorageEstimateInfo,
} from "@/lib/creations";

/** The grid shows this many photos, then "Show more" adds as many again. */
export const PAGE_SIZE = 48;

export type CreationsFilter = { tool?: ToolId; search: string };

type ListState =
  | { status: "loading" }
  | { status: "error" }
  | {
      status: "ready";
      /** One per photo: its versions, and the one the card shows. */
      items: CreationGroup[];
      /** Photos matching the filter. */
      total: number;
      /** All of the user's creations, and the bytes they take. */
      usage: { count: number; bytes: number };
      estimate: StorageEstimateInfo | null;
    };

/**
 * The user's photos for the grid, each one group of versions: records only (no files), newest first,
 * PAGE_SIZE at a time. While a new filter is read the grid keeps what it shows.
 */
export function useCreationsList(userId: string, filter: CreationsFilter) {
  const list = useInfiniteQuery({
    ...creationsListQuery(userId, { tool: filter.tool, search: filter.search, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const usage = useQuery(usageQuery(userId));

  let state: ListState;
  if (list.isError || usage.isError) state = { status: "error" };
  else if (!list.data || !usage.data) state = { status: "loading" };
  else {
    const { count, bytes, estimate } = usage.data;
    state = {
      status: "ready",
      items: list.data.pages.flatMap((page) => page.items),
      total: list.data.pages[0]?.total ?? 0,
      usage: { count, bytes },
      estimate,
    };
  }

  return {
    state,
    retry: () => {
      void list.refetch();
      void usage.refetch();
    },
    showMore: () => void list.fetchNextPage(),
  };
}

export type ThumbUrls = { result?: string; original?: string };

/**
 * Object URLs of one creation's thumbnails while its card is on screen, revoked when it goes. A
 * creation kept without thumbnails gets them made now (thumbsQuery).
 */
export function useThumbUrls(userId: string, record: CreationRecord): ThumbUrls {
  const { data } = useQuery(thumbsQuery(userId, record));
  return { result: useObjectUrl(data?.result), original: useObjectUrl(data?.original) };
}
