/**
 * (Fetched on demand by celebration-page.tsx when the first image arrives.) The celebration image with
 * its download, share, "Edit with…" and "Create Another Image", and the versions of its photo.
 */
import { useEffect, useRef } from "react";
import { Download, RotateCcw } from "lucide-react";
import { EditWith } from "@/components/edit-with";
import { ShareButton } from "@/components/share-button";
import { ToolVersions } from "@/components/tool-versions";
import { Button } from "@/components/ui/button";
import type { VersionsSource } from "@/hooks/use-tool-versions";
import { celebrationFileName, type CelebrationResult } from "./use-celebration";

/** The aspect ratio as a CSS value, so the image keeps its box while it loads. */
const cssRatio = (ratio: string) => ratio.replace(":", " / ");

export function CelebrationResultView({
  result,
  label,
  onDownload,
  onCreateAnother,
  versions,
}: {
  result: CelebrationResult;
  label: string;
  onDownload: () => void;
  onCreateAnother: () => void;
  versions: VersionsSource | null;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The result replaces the form: move focus to it, so keyboard and screen-reader users land there.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="celebration-result-title" className="space-y-4">
      <h2
        id="celebration-result-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        Your {label} image
      </h2>
      <figure className="space-y-3">
        <img
          src={result.imageUrl}
          alt={`${label} celebration image`}
          style={{ aspectRatio: cssRatio(result.output.shape) }}
          className="mx-auto max-h-[70vh] w-auto max-w-full rounded-xl border bg-muted object-contain shadow-sm"
        />
        <figcaption className="text-center text-sm break-words whitespace-pre-line text-muted-foreground">
          {result.description}
        </figcaption>
      </figure>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onDownload} data-run-focus>
          <Download aria-hidden="true" />
          Download Image
        </Button>
        <ShareButton
          content={{
            kind: "file",
            file: result.imageUrl,
            fileName: celebrationFileName(result.type),
            title: `${label} celebration image`,
          }}
        />
        <EditWith source={{ image: result.imageUrl, tool: "celebrations" }} />
        <Button variant="outline" onClick={onCreateAnother}>
          <RotateCcw aria-hidden="true" />
          Create Another Image
        </Button>
      </div>
      <ToolVersions versions={versions} />
    </section>
  );
}
