/**
 * (Fetched on demand by tool-versions.tsx.) The strip of versions of a tool page's photo: the group's
 * versions with their pictures, choosing
 * one (shown as the page's result, remembered for a reload), deleting one with Undo, comparing two in the
 * slider, and the page's Ctrl/Cmd+Z. Nothing here counts a conversion.
 */
import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useVersionKeys } from "@/hooks/use-version-keys";
import { useUser } from "@/lib/auth";
import { toastVersionDeleted } from "@/components/version-deleted-toast";
import {
  creationKeys,
  deleteCreation,
  getCreation,
  getThumbs,
  getVersions,
  registerKept,
  restoreCreation,
  setChosenVersion,
  type Creation,
  type CreationRecord,
} from "@/lib/creations";
import { blobDataUrl } from "@/lib/read-blob";
import { findTool, type ToolId } from "@/tools/registry";
import { cn } from "@/lib/utils";
import type { ToolVersionsProps } from "./tool-versions";
import { VersionCompare } from "./version-compare";
import { VersionStrip, type StripVersion } from "./version-strip";

/** The id the original photo has in the strip. */
const ORIGINAL_VERSION = "original";

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

/** The strip of a group: the original, then each image version's thumbnail (its file until that is made). */
async function stripOf(userId: string, photo: string): Promise<StripVersion[]> {
  const group = await getVersions(userId, photo);
  const versions = group.versions.filter((record) => record.kind === "image");
  const labels = labelsOf(versions);
  const thumbs = await getThumbs(
    userId,
    versions.map((record) => record.id),
  );
  const items: StripVersion[] = [];
  // The photo the first version was made from; a group that starts with a result made from words alone
  // (the animator's character) starts with that result (a later version's original is a version itself).
  if (group.original && group.versions[0]?.hasOriginal)
    items.push({
      id: ORIGINAL_VERSION,
      src: await blobDataUrl(group.original),
      label: "Original",
      deletable: false,
    });
  for (const [i, record] of versions.entries()) {
    const blob = thumbs.get(record.id)?.result ?? (await getCreation(userId, record.id))?.files.file;
    if (blob) items.push({ id: record.id, src: await blobDataUrl(blob), label: labels[i]!, deletable: true });
  }
  return items;
}

/**
 * A version to show: its creation and picture. The original is shown on the record of `baseId` (the
 * version it stands beside) with the group's original as its picture.
 */
async function openVersion(
  userId: string,
  photo: string,
  id: string,
  baseId: string,
): Promise<(Creation & { dataUrl: string }) | null> {
  if (id !== ORIGINAL_VERSION) {
    const found = await getCreation(userId, id);
    return found ? { ...found, dataUrl: await blobDataUrl(found.files.file) } : null;
  }
  const [found, group] = await Promise.all([getCreation(userId, baseId), getVersions(userId, photo)]);
  return found && group.original ? { ...found, dataUrl: await blobDataUrl(group.original) } : null;
}

/** Remembers the version chosen on `tool`, so a reload shows it again. */
function rememberVersion(userId: string, tool: ToolId, photo: string, id: string): void {
  setChosenVersion(userId, tool, { photo, id });
}

/** Deletes one version and offers Undo (which puts it back in the strip and in My Creations). */
async function deleteVersion(userId: string, id: string, label: string): Promise<void> {
  const deleted = await deleteCreation(userId, id);
  if (deleted) toastVersionDeleted(label, () => void restoreCreation(deleted));
}

export function ToolVersionsPart({ versions: source, pageKeys = true, className }: ToolVersionsProps) {
  const userId = useUser()?.id;
  const [compareId, setCompareId] = useState<string | null>(null);
  const shown = source?.shown ?? null;
  const photo = shown?.photo ?? "";
  const strip = useQuery({
    queryKey: [...creationKeys.versions(userId ?? "", photo), "strip"],
    queryFn: () => stripOf(userId!, photo),
    enabled: Boolean(userId && photo),
    networkMode: "always",
    retry: false,
  });
  const items = useMemo(() => strip.data ?? [], [strip.data]);
  const busy = source?.busy ?? true;
  const visible = shown !== null && items.length > 1 && items.some((item) => item.id === shown.id);

  const choose = useCallback(
    (id: string) => {
      if (!source || !userId || busy || id === source.shown.id) return;
      const { shown: now } = source;
      void openVersion(userId, now.photo, id, now.base)
        .then((found) => {
          if (!found || !source.show(found)) return;
          // "Edit with…" from a version shown again starts its chain at that creation.
          if (id !== ORIGINAL_VERSION) {
            registerKept(found.dataUrl, Promise.resolve(found.record));
            rememberVersion(userId, source.tool, now.photo, id);
          }
          source.setShown({ id, photo: now.photo, base: id === ORIGINAL_VERSION ? now.base : id });
          setCompareId((compared) => (compared === id ? null : compared));
        })
        .catch((error: unknown) => console.warn("Could not show that version", error));
    },
    [busy, source, userId],
  );

  const remove = useCallback(
    (id: string) => {
      if (!userId || busy || id === ORIGINAL_VERSION) return;
      const at = items.findIndex((item) => item.id === id);
      // The version shown goes: the one before it (or after it) is shown instead.
      if (id === shown?.id) {
        const next = items[at - 1] ?? items[at + 1];
        if (next) choose(next.id);
      }
      setCompareId((compared) => (compared === id ? null : compared));
      deleteVersion(userId, id, items[at]?.label ?? "Version").catch((error: unknown) =>
        console.warn("Could not delete that version", error),
      );
    },
    [busy, choose, items, shown, userId],
  );

  useVersionKeys({
    versions: items,
    chosenId: shown?.id ?? "",
    onChoose: choose,
    enabled: visible && pageKeys && !busy,
  });
  if (!visible || !shown) return null;
  return (
    <section aria-label="Versions of this photo" className={cn("space-y-3", className)}>
      <VersionCompare versions={items} chosenId={shown.id} compareId={compareId} />
      <VersionStrip
        versions={items}
        chosenId={shown.id}
        onChoose={choose}
        onDelete={remove}
        compareId={compareId}
        onCompare={setCompareId}
        disabled={busy}
      />
    </section>
  );
}
