/** A tool's photo and its result side by side, with the actions and a before/after slider. */
import type { ReactNode } from "react";
import { Download, Info, RefreshCw, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CompareSlider } from "./compare-slider";
import { ShareButton } from "./share-button";

type ResultViewProps = {
  originalUrl: string;
  modifiedUrl: string | null;
  /** Per-variant waiting text, shown while there is no result. */
  waitingText: string;
  description?: string;
  processing?: boolean;
  onReset: () => void;
  onDownload: () => void;
  /** Present when another version may be made (the $10/month tier). */
  onRecreate?: () => void;
  /** Shown instead of the recreate button when the tier does not allow it. */
  recreateHint?: ReactNode;
  labels?: { original?: string; modified?: string; reset?: string };
  /** The shared result's file name and title; no Share button when omitted. */
  share?: { fileName: string; title: string };
  /** The Edit with… control (another tool to take the result to), shown right after Share. */
  editWith?: ReactNode;
};

/** Original left, result right (SPEC 2.2), then the actions and a before/after slider. */
export function ResultView({
  originalUrl,
  modifiedUrl,
  waitingText,
  description,
  processing,
  onReset,
  onDownload,
  onRecreate,
  recreateHint,
  labels,
  share,
  editWith,
}: ResultViewProps) {
  return (
    <section aria-label="Result" className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <figure className="space-y-2">
          <figcaption className="text-sm font-medium text-muted-foreground">
            {labels?.original ?? "Original"}
          </figcaption>
          <img
            src={originalUrl}
            alt={labels?.original ?? "Original"}
            className="max-h-[70vh] w-full rounded-xl border bg-muted object-contain"
          />
        </figure>
        <figure className="space-y-2">
          <figcaption className="text-sm font-medium text-muted-foreground">
            {labels?.modified ?? "Modified"}
          </figcaption>
          {modifiedUrl ? (
            <img
              src={modifiedUrl}
              alt={labels?.modified ?? "Modified"}
              className="max-h-[70vh] w-full rounded-xl border bg-muted object-contain"
            />
          ) : (
            <Alert role="status" className="min-h-40 content-center">
              <Info aria-hidden="true" />
              <AlertTitle>{processing ? "Working on it" : "No result yet"}</AlertTitle>
              <AlertDescription>{waitingText}</AlertDescription>
            </Alert>
          )}
        </figure>
      </div>
      {modifiedUrl && description && (
        <div className="rounded-lg border bg-card p-3 text-sm">
          <h3 className="mb-1 font-medium">Description</h3>
          <p className="whitespace-pre-line text-muted-foreground">{description}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onReset} disabled={processing}>
          <RotateCcw aria-hidden="true" />
          {labels?.reset ?? "Try Another Image"}
        </Button>
        {modifiedUrl && (
          <Button onClick={onDownload} disabled={processing}>
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
        {modifiedUrl && share && (
          <ShareButton content={{ kind: "file", file: modifiedUrl, ...share }} disabled={processing} />
        )}
        {modifiedUrl && editWith}
        {modifiedUrl && onRecreate && (
          <Button
            variant="secondary"
            onClick={onRecreate}
            disabled={processing}
            aria-label="Try Another Version"
          >
            <RefreshCw aria-hidden="true" />
            <span className="hidden sm:inline">Try Another Version</span>
            <span className="sm:hidden">Try Again</span>
          </Button>
        )}
      </div>
      {modifiedUrl && !onRecreate && recreateHint}
      {modifiedUrl && <CompareSlider before={originalUrl} after={modifiedUrl} />}
    </section>
  );
}
