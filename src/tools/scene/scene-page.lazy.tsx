/**
 * (Fetched on demand by scene-page.tsx when a result arrives.) Modify Scene's result: one compare view
 * (the before/after slider) with its actions under it, or beside it on a laptop; the versions of its photo.
 */
import type { ReactNode } from "react";
import { Download, Layers, Pencil, RotateCcw } from "lucide-react";
import { CompareWithActions, useResultFirst } from "@/components/compare-slider";
import { ShareButton } from "@/components/share-button";
import { Button } from "@/components/ui/button";
import { getTool } from "@/tools/registry";
import { ToolVersions } from "@/components/tool-versions";
import type { VersionsSource } from "@/hooks/use-tool-versions";

/**
 * On a phone the slider's picture leaves room for the top bar, the range and four rows of actions; on a
 * tablet for two rows and the note; on a laptop (actions beside it) for the top bar and the range.
 */
const SLIDER_IMAGE = "max-h-[calc(100dvh-20rem)] md:max-h-[calc(100dvh-18rem)] lg:max-h-[calc(100dvh-10rem)]";

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
 * Laid out as the style tools' result (components/result-view.lazy.tsx): the slider alone, starting on
 * the result on a phone, with the actions under it (beside it from 1024 px), brought into view when the
 * result comes.
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
      <CompareWithActions
        slider={{
          before: baseUrl,
          after: resultUrl,
          imageClassName: SLIDER_IMAGE,
          pictureNames: { before: "Base image", after: "Modified scene" },
        }}
      >
        <div className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch">
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
        <p className="text-sm text-muted-foreground">
          Keep editing makes this result the new base, so you can add more to it (each change uses 1
          conversion). Undo takes you back, free.
        </p>
      </CompareWithActions>
      <ToolVersions versions={versions} />
    </section>
  );
}
