/**
 * The versions of the photo on a tool page (docs/architecture.md "Versions of a photo"): the strip under
 * the result, the two versions compared in the slider while Compare is on, and Ctrl/Cmd+Z and
 * Shift+Ctrl/Cmd+Z anywhere on the page. The data and what each action does come from the shared tool
 * hook (`versions` of useTool, src/hooks/use-tool.ts); nothing here counts a conversion.
 */
import { useVersionKeys } from "@/hooks/use-version-keys";
import { cn } from "@/lib/utils";
import { VersionCompare } from "./version-compare";
import { VersionStrip, type StripVersion } from "./version-strip";

/** The versions a tool page shows, and what choosing, deleting and comparing do. */
export type ToolVersionsState = {
  /** The original first, then every result made from it, oldest first. */
  items: readonly StripVersion[];
  chosenId: string;
  compareId: string | null;
  choose: (id: string) => void;
  remove: (id: string) => void;
  compare: (id: string | null) => void;
  /** A run is going: the strip stays in view but nothing can be chosen. */
  busy: boolean;
};

type ToolVersionsProps = {
  versions: ToolVersionsState | null;
  /**
   * Ctrl/Cmd+Z on the page steps through the versions; false where the page has its own undo for
   * those keys (Modify Scene's "Undo" of a change).
   */
  pageKeys?: boolean;
  className?: string;
};

/** Nothing until there is more than one version (the original and a result). */
export function ToolVersions({ versions, pageKeys = true, className }: ToolVersionsProps) {
  const shown = versions !== null && versions.items.length > 1;
  useVersionKeys({
    versions: versions?.items ?? [],
    chosenId: versions?.chosenId ?? "",
    onChoose: (id) => versions?.choose(id),
    enabled: shown && pageKeys && !versions.busy,
  });
  if (!shown) return null;
  return (
    <section aria-label="Versions of this photo" className={cn("space-y-3", className)}>
      <VersionCompare versions={versions.items} chosenId={versions.chosenId} compareId={versions.compareId} />
      <VersionStrip
        versions={versions.items}
        chosenId={versions.chosenId}
        onChoose={versions.choose}
        onDelete={versions.remove}
        compareId={versions.compareId}
        onCompare={versions.compare}
        disabled={versions.busy}
      />
    </section>
  );
}
