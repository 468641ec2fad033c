/**
 * (Fetched on demand by scene-page.tsx when a result arrives.) Modify Scene's result: on phones the
 * before/after slider first, on wider screens base and result side by side; the versions of its photo.
 */
import type { ReactNode } from "react";
import { Download, Layers, Pencil, RotateCcw } from "lucide-react";
import { LazyCompareSlider, useResultFirst } from "@/components/compare-slider";
import { ShareButton } from "@/components/share-button";
import { Button } from "@/components/ui/button";
import { getTool } from "@/tools/registry";
import { ToolVersions } from "@/components/tool-versions";
import type { VersionsSource } from "@/hooks/use-tool-versions";

/** On a phone the slider's picture leaves room for the top bar, the range and four rows of actions. */
const SLIDER_IMAGE = "max-h-[calc(100dvh-20rem)] md:max-h-[60vh]";

type SceneResultProps = {
  baseUrl: string;
  resultUrl: string;
  busy?: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  onDownload: () => void;
  onReset: () => void;
  /** The Edit with… control (another tool to take the result to), shown right after Share. */
  editWith?: ReactNode;
  /** The versions of the photo (the shared tool hook's `versions`): the strip under the result. */
  versions?: VersionsSource | null;
};

/**
 * Laid out as the style tools' result (components/result-view.tsx): wider screens show base and result
 * side by side, the actions, then the slider; phones the slider alone, starting on the result, with the
 * actions under it, brought to the top of the screen when the result comes.
 */
export function SceneResult({
  baseUrl,
  resultUrl,
  busy,
  onKeepEditing,
  onDiscard,
  onDownload,
  onReset,
  editWith,
  versions = null,
}: SceneResultProps) {
  const sectionRef = useResultFirst<HTMLElement>(resultUrl);
  return (
    <section ref={sectionRef} aria-label="Result" className="flex scroll-mt-18 flex-col gap-4">
      <div data-testid="result-pair" className="grid gap-4 max-md:hidden md:order-1 md:grid-cols-2">
        {[
          { label: "Base image", src: baseUrl },
          { label: "Modified scene", src: resultUrl },
        ].map(({ label, src }) => (
          <figure key={label} className="space-y-2">
            <figcaption className="text-sm font-medium text-muted-foreground">{label}</figcaption>
            <img
              src={src}
              alt={label}
              className="max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
            />
          </figure>
        ))}
      </div>
      <LazyCompareSlider
        before={baseUrl}
        after={resultUrl}
        imageClassName={SLIDER_IMAGE}
        className="md:order-4"
      />
      <div className="flex flex-wrap gap-2 md:order-2">
        <Button onClick={onDownload} disabled={busy} data-run-focus>
          <Download aria-hidden="true" />
          Download
        </Button>
        <ShareButton
          content={{
            kind: "file",
            file: resultUrl,
            fileName: getTool("scene").downloadName,
            title: "Modify Scene",
          }}
          disabled={busy}
        />
        {editWith}
        <Button variant="secondary" onClick={onKeepEditing} disabled={busy}>
          <Layers aria-hidden="true" />
          Keep editing
        </Button>
        <Button variant="outline" onClick={onDiscard} disabled={busy}>
          <Pencil aria-hidden="true" />
          Try a Different Change
        </Button>
        <Button variant="outline" onClick={onReset} disabled={busy}>
          <RotateCcw aria-hidden="true" />
          Try Another Image
        </Button>
      </div>
      <p className="text-sm text-muted-foreground md:order-3">
        Keep editing makes this result the new base, so you can add more to it (each change uses 1
        conversion). Undo takes you back, free.
      </p>
      <ToolVersions versions={versions} className="md:order-5" />
    </section>
  );
}
