/**
 * The versions of the photo on a tool page (docs/architecture.md "Versions of a photo"): the strip under
 * the result, the two versions compared in the slider while Compare is on, and Ctrl/Cmd+Z and
 * Shift+Ctrl/Cmd+Z anywhere on the page. Which version is shown comes from the shared tool hook
 * (`versions` of useTool, src/hooks/use-tool-versions.ts); what the strip reads and does, and the strip
 * itself, are fetched once a result is kept (tool-versions.lazy.tsx): no page pays for them at first.
 * Nothing here counts a conversion.
 */
import { lazyPart } from "@/components/on-demand";
import type { VersionsSource } from "@/hooks/use-tool-versions";

export type ToolVersionsProps = {
  versions: VersionsSource | null;
  /**
   * Ctrl/Cmd+Z on the page steps through the versions; false where the page has its own undo for
   * those keys.
   */
  pageKeys?: boolean;
  className?: string;
};

const Part = lazyPart(() => import("./tool-versions.lazy").then((m) => m.ToolVersionsPart));

/** Nothing until a result is kept; then the strip, once its photo has more than one version. */
export function ToolVersions(props: ToolVersionsProps) {
  if (props.versions === null) return null;
  return <Part fallback={null} onFailed={() => undefined} {...props} />;
}
