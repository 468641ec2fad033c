/** Modify Scene's result: base and result side by side, the actions, then the before/after slider. */
import type { ReactNode } from "react";
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
  /** The Edit with… control (another tool to take the result to), shown right after Share. */
  editWith?: ReactNode;
};

/** Laid out as the style tools' result. */
export function SceneResult({
  baseUrl,
  resultUrl,
  busy,
  onKeepEditing,
  onDiscard,
  onDownload,
  onReset,
  editWith,
}: SceneResultProps) {
  return (
    <section aria-label="Result" className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
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
      <CompareSlider before={baseUrl} after={resultUrl} />
    </section>
  );
}
