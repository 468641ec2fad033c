/**
 * (Fetched on demand by tool-versions.tsx.) The strip of versions of a tool page's photo: the group's
 * versions with their pictures, choosing
 * one (shown as the page's result, remembered for a reload), deleting one with Undo, comparing two in the
 * slider, and the page's Ctrl/Cmd+Z. Nothing here counts a conversion.
 */
import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ORIGINAL_VERSION } from "@/hooks/use-tool-versions";
import { useVersionKeys } from "@/hooks/use-version-keys";
import { useUser } from "@/lib/auth";
import { toastVersionDeleted } from "@/components/version-deleted-toast";
import {
  deleteCreation,
  getCreation,
  getVersions,
  registerKept,
  restoreCreation,
  setChosenVersion,
  type Creation,
} from "@/lib/creations";
import type { ToolId } from "@/tools/registry";
import { cn } from "@/lib/utils";
import type { ToolVersionsProps } from "./tool-versions";
import { versionStripQuery } from "./tool-versions-query";
import { VersionCompare } from "./version-compare";
import { VersionStrip } from "./version-strip";

/**
 * A version to show: its creation and picture. The original is shown on the record of `baseId` (the
 * version it stands beside) with the group's original as its picture.
 */
async function openVersion(
  userId: string,
  photo: string,
  id: string,
  baseId: string,
  picture: (blob: Blob) => string,
): Promise<(Creation & { imageUrl: string }) | null> {
  if (id !== ORIGINAL_VERSION) {
    const found = await getCreation(userId, id);
    return found ? { ...found, imageUrl: picture(found.files.file) } : null;
  }
  const [found, group] = await Promise.all([getCreation(userId, baseId), getVersions(userId, photo)]);
  return found && group.original ? { ...found, imageUrl: picture(group.original) } : null;
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
  const strip = useQuery(versionStripQuery(userId, photo));
  const items = useMemo(() => strip.data ?? [], [strip.data]);
  const busy = source?.busy ?? true;
  const visible = shown !== null && items.length > 1 && items.some((item) => item.id === shown.id);

  const choose = useCallback(
    (id: string) => {
      if (!source || !userId || busy || id === source.shown.id) return;
      const { shown: now } = source;
      void openVersion(userId, now.photo, id, now.base, source.picture)
        .then((found) => {
          if (!found || !source.show(found)) return;
          // "Edit with…" from a version shown again starts its chain at that creation.
          if (id !== ORIGINAL_VERSION) {
            registerKept(found.imageUrl, Promise.resolve(found.record));
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
