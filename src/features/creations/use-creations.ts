/**
 * My Creations' data: the user's creations page by page, kept in step with every change, and their
 * thumbnails.
 */
import { useEffect, useRef, useState } from "react";
import type { ToolId } from "@/config/tools";
import {
  completeThumbnails,
  creationsUsage,
  estimateStorage,
  getThumbs,
  listCreations,
  subscribeCreations,
  type CreationRecord,
  type StorageEstimateInfo,
} from "@/lib/creations";
import { useObjectUrls, type ObjectUrls } from "@/hooks/use-object-urls";

/** The grid shows this many creations, then "Show more" adds as many again. */
export const PAGE_SIZE = 48;

export type CreationsFilter = { tool?: ToolId; search: string };

type ListState =
  | { status: "loading" }
  | { status: "error" }
  | {
      status: "ready";
      items: CreationRecord[];
      /** Matching the filter. */
      total: number;
      /** All of the user's creations, and the bytes they take. */
      usage: { count: number; bytes: number };
      estimate: StorageEstimateInfo | null;
    };

/** A change to the user's creations (save, delete, undo) from anywhere in the app bumps the version. */
export function useCreationsVersion(userId: string): number {
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      subscribeCreations((changed) => {
        if (changed.userId === userId) setVersion((v) => v + 1);
      }),
    [userId],
  );
  return version;
}

/** The user's creations for the grid: records only (no files), newest first, paged. */
export function useCreationsList(userId: string, filter: CreationsFilter, limit: number) {
  const version = useCreationsVersion(userId);
  const [state, setState] = useState<ListState>({ status: "loading" });
  const [retries, setRetries] = useState(0);

  useEffect(() => {
    let active = true;
    Promise.all([
      listCreations(userId, { tool: filter.tool, search: filter.search, limit }),
      creationsUsage(userId),
      estimateStorage(),
    ])
      .then(([page, usage, estimate]) => {
        if (active) setState({ status: "ready", items: page.items, total: page.total, usage, estimate });
      })
      .catch((error: unknown) => {
        console.error("Could not read the creations", error);
        if (active) setState({ status: "error" });
      });
    return () => {
      active = false;
    };
  }, [userId, filter.tool, filter.search, limit, version, retries]);

  return { state, retry: () => setRetries((n) => n + 1) };
}

export type ThumbUrls = { result?: string; original?: string };

function revokeThumbs(objectUrls: ObjectUrls, urls: ThumbUrls) {
  objectUrls.revoke(urls.result);
  objectUrls.revoke(urls.original);
}

/** Creations whose thumbnails are being made again on this page load (once each). */
const completing = new Set<string>();

/**
 * Object URLs of the thumbnails of the creations on screen, read from the store as they appear and
 * revoked when they leave (or the page closes). A creation kept without thumbnails (the page was
 * closed right after its result came) gets them made now.
 */
export function useThumbUrls(
  userId: string,
  records: readonly CreationRecord[],
): ReadonlyMap<string, ThumbUrls> {
  const objectUrls = useObjectUrls();
  const live = useRef(new Map<string, ThumbUrls>());
  const [urls, setUrls] = useState<ReadonlyMap<string, ThumbUrls>>(() => new Map());
  const [completed, setCompleted] = useState(0);
  const key = records.map((r) => `${r.id}:${r.kind}`).join(",");

  useEffect(() => {
    const cache = live.current;
    const wanted = new Map(
      (key ? key.split(",") : []).map((entry) => {
        const [id, kind] = entry.split(":");
        return [id!, kind!] as const;
      }),
    );
    for (const [id, u] of cache) {
      if (wanted.has(id)) continue;
      revokeThumbs(objectUrls, u);
      cache.delete(id);
    }
    const missing = [...wanted.keys()].filter((id) => !cache.has(id));
    let active = true;
    (missing.length ? getThumbs(userId, missing) : Promise.resolve(new Map<string, never>()))
      .then((thumbs) => {
        if (!active) return;
        for (const id of missing) {
          const t = thumbs.get(id);
          cache.set(id, {
            result: t?.result ? objectUrls.make(t.result) : undefined,
            original: t?.original ? objectUrls.make(t.original) : undefined,
          });
          if (!t?.result && wanted.get(id) !== "text" && !completing.has(id)) {
            completing.add(id);
            completeThumbnails(userId, id)
              .then((done) => {
                if (!done) return;
                const stale = cache.get(id);
                if (stale) revokeThumbs(objectUrls, stale);
                cache.delete(id);
                setCompleted((n) => n + 1);
              })
              .catch((error: unknown) => console.warn("Could not make the thumbnails", error));
          }
        }
        setUrls(new Map(cache));
      })
      .catch((error: unknown) => console.warn("Could not read the thumbnails", error));
    return () => {
      active = false;
    };
  }, [key, userId, completed, objectUrls]);
  useEffect(() => {
    // useObjectUrls revokes every URL at unmount: forget them too, so a remount reads them again.
    const cache = live.current;
    return () => cache.clear();
  }, []);

  return urls;
}
