import { Download, Layers, Pencil, RotateCcw } from "lucide-react";
import { CompareSlider } from "@/components/compare-slider";
import { ShareButton } from "@/components/share-button";
import { Button } from "@/components/ui/button";
import { getTool } from "@/config/tools";

type SceneResultProps = {
  baseUrl: string;
  resultUrl: string;
  busy?: boolean;
  onKeepEditing: () => void;
  onDiscard: () => void;
  onDownload: () => void;
  onReset: () => void;
};

/** Base and result side by side, the actions, then the before/after slider (as the style tools). */
export function SceneResult({
  baseUrl,
  resultUrl,
  busy,
  onKeepEditing,
  onDiscard,
  onDownload,
  onReset,
}: SceneResultProps) {
  return (
    <section aria-label="Result" className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <figure className="space-y-2">
          <figcaption className="text-sm font-medium text-muted-foreground">Base image</figcaption>
          <img
            src={baseUrl}
            alt="Base image"
            className="max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
          />
        </figure>
        <figure className="space-y-2">
          <figcaption className="text-sm font-medium text-muted-foreground">Modified scene</figcaption>
          <img
            src={resultUrl}
            alt="Modified scene"
            className="max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
          />
        </figure>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onDownload} disabled={busy}>
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
      <CompareSlider before={baseUrl} after={resultUrl} />
    </section>
  );
}
