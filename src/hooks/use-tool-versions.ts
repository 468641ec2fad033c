/**
 * The versions of the photo on a tool page, for its strip (src/components/tool-versions.tsx): the
 * original first, then every result made from it, oldest first (the group of the version on screen,
 * src/lib/creations), what choosing, deleting (with Undo) and comparing do, and which one is shown.
 * Part of the shared tool hook (use-tool.ts). Nothing here counts a conversion: choosing a version shows
 * a kept result again, deleting one takes it out of My Creations until Undo.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { StripVersion } from "@/components/version-strip";
import type { ToolVersionsState } from "@/components/tool-versions";
import { toastVersionDeleted } from "@/components/version-deleted-toast";
import { useUser } from "@/lib/auth";
import {
  creationKeys,
  deleteCreation,
  getCreation,
  getThumbs,
  registerKept,
  restoreCreation,
  useToolVersions as useVersionGroup,
  type Creation,
  type CreationRecord,
  type VersionGroup,
} from "@/lib/creations";
import { blobDataUrl } from "@/lib/read-blob";
import { findTool, type ToolId } from "@/tools/registry";

/** The id the original photo has in the strip. */
export const ORIGINAL_VERSION = "original";

/** A kept result to show as the page's result: its record, files and picture. */
export type VersionShown = Creation & { dataUrl: string };

type Options<R> = {
  tool: ToolId;
  /** Whether the page has a result on screen (the strip shows only beside one). */
  hasResult: boolean;
  running: boolean;
  /** The tool's result for a kept creation (null: this tool cannot show it). */
  toResult: ((creation: VersionShown) => R | null) | undefined;
  /** Shows `result` as the page's result, on the photo it has. */
  show: (result: R) => void;
};

/** "Hulk", "Hulk 2", …: each tool's results numbered in the order they were made. */
function labelsOf(versions: readonly CreationRecord[]): string[] {
  const seen = new Map<string, number>();
  return versions.map((record) => {
    const name = findTool(record.tool)?.label ?? record.tool;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} ${n}`;
  });
}

/** The strip's pictures: each version's thumbnail (its file while the thumbnail is not made yet). */
async function stripOf(userId: string, group: VersionGroup): Promise<StripVersion[]> {
  const labels = labelsOf(group.versions);
  const thumbs = await getThumbs(
    userId,
    group.versions.map((record) => record.id),
  );
  const items: StripVersion[] = [];
  if (group.original)
    items.push({
      id: ORIGINAL_VERSION,
      src: await blobDataUrl(group.original),
      label: "Original",
      deletable: false,
    });
  for (const [i, record] of group.versions.entries()) {
    const blob = thumbs.get(record.id)?.result ?? (await getCreation(userId, record.id))?.files.file;
    if (!blob) continue;
    items.push({ id: record.id, src: await blobDataUrl(blob), label: labels[i]!, deletable: true });
  }
  return items;
}

export function useToolVersionStrip<R>({ tool, hasResult, running, toResult, show }: Options<R>) {
  const userId = useUser()?.id;
  const { group, current, choose: remember } = useVersionGroup(tool);
  /** The version on screen: set when a result is kept, shown again or chosen; none while a run goes. */
  const [shownId, setShownId] = useState<string | null>(null);
  const [compareId, setCompareId] = useState<string | null>(null);
  const latest = useRef({ toResult, show });
  useEffect(() => {
    latest.current = { toResult, show };
  });

  // A new run's result is not a version until it is kept (markShown); the strip waits for it.
  const [wasRunning, setWasRunning] = useState(running);
  if (running !== wasRunning) {
    setWasRunning(running);
    if (running) {
      setShownId(null);
      setCompareId(null);
    }
  }

  const ids = group?.versions.map((record) => record.id).join(",") ?? "";
  const strip = useQuery({
    queryKey: [...creationKeys.versions(userId ?? "", group?.photo ?? ""), "strip", ids],
    queryFn: () => stripOf(userId!, group!),
    enabled: Boolean(userId && group && group.versions.length > 0 && toResult),
    networkMode: "always",
    retry: false,
  });

  const items = strip.data ?? null;
  const inGroup = shownId !== null && items?.some((item) => item.id === shownId) === true;

  const open = useCallback(
    async (id: string): Promise<boolean> => {
      const map = latest.current.toResult;
      if (!userId || !group || !map) return false;
      const base = current ?? group.versions.at(-1);
      const found = await getCreation(userId, id === ORIGINAL_VERSION ? (base?.id ?? "") : id);
      if (!found) return false;
      const file = id === ORIGINAL_VERSION ? group.original : found.files.file;
      if (!file) return false;
      const dataUrl = await blobDataUrl(file);
      const result = map({ ...found, dataUrl });
      if (!result) return false;
      // "Edit with…" from a version shown again starts its chain at that creation.
      if (id !== ORIGINAL_VERSION) registerKept(dataUrl, Promise.resolve(found.record));
      latest.current.show(result);
      return true;
    },
    [current, group, userId],
  );

  const choose = useCallback(
    (id: string) => {
      if (running || id === shownId) return;
      void open(id)
        .then((opened) => {
          if (!opened) return;
          setShownId(id);
          if (compareId === id) setCompareId(null);
          if (id !== ORIGINAL_VERSION) remember(id);
        })
        .catch((error: unknown) => console.warn("Could not show that version", error));
    },
    [compareId, open, remember, running, shownId],
  );

  const remove = useCallback(
    (id: string) => {
      if (!userId || !items || running || id === ORIGINAL_VERSION) return;
      const at = items.findIndex((item) => item.id === id);
      const label = items[at]?.label ?? "Version";
      // The version shown goes: the one before it (or after it) is shown instead.
      if (id === shownId) {
        const next = items[at - 1] ?? items[at + 1];
        if (next) choose(next.id);
      }
      if (compareId === id) setCompareId(null);
      void deleteCreation(userId, id)
        .then((deleted) => {
          if (deleted) toastVersionDeleted(label, () => void restoreCreation(deleted));
        })
        .catch((error: unknown) => console.warn("Could not delete that version", error));
    },
    [choose, compareId, items, running, shownId, userId],
  );

  const state: ToolVersionsState | null = useMemo(
    () =>
      hasResult && items && inGroup && shownId
        ? { items, chosenId: shownId, compareId, choose, remove, compare: setCompareId, busy: running }
        : null,
    [choose, compareId, hasResult, inGroup, items, remove, running, shownId],
  );

  return { versions: state, markShown: setShownId };
}
