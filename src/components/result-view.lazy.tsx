/**
 * A tool's photo and its result: on phones the before/after slider first, on wider screens side by side
 * (fetched by ResultView, src/components/result-view.tsx, when a photo is first shown).
 */
import { useEffect, type ReactNode } from "react";
import { Download, Info, RefreshCw, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { LazyCompareSlider, preloadCompareSlider, useResultFirst } from "./compare-slider";
import { ShareButton } from "./share-button";
import { ToolVersions } from "./tool-versions";
import type { VersionsSource } from "@/hooks/use-tool-versions";

/**
 * The slider's picture on a phone leaves room, within one screen, for the top bar, the slider's range and
 * caption and up to three rows of actions; on wider screens it is as tall as the pictures beside each other.
 */
export const RESULT_SLIDER_IMAGE = "max-h-[calc(100dvh-17rem)] md:max-h-[70vh]";

export type ResultViewProps = {
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
  /** The versions of the photo (the shared tool hook's `versions`): the strip under the result. */
  versions?: VersionsSource | null;
};

/**
 * Wider screens (SPEC 2.2): original left, result right, the actions, then a before/after slider. Phones:
 * the slider alone, starting on the result, with the actions under it, brought to the top of the screen
 * when the result comes (the same pictures three times over would push the result off the screen). While
 * there is no result yet, the original and the waiting note show at every width.
 */
export function ResultViewBody({
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
  versions,
}: ResultViewProps) {
  const sectionRef = useResultFirst<HTMLElement>(modifiedUrl);
  // The slider's code comes while the AI works on the photo shown here.
  useEffect(() => preloadCompareSlider(), []);
  return (
    <section ref={sectionRef} aria-label="Result" className="flex scroll-mt-18 flex-col gap-4">
      <div
        data-testid="result-pair"
        className={cn("grid gap-4 md:order-1 md:grid-cols-2", modifiedUrl && "max-md:hidden")}
      >
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
      {modifiedUrl && (
        <LazyCompareSlider
          before={originalUrl}
          after={modifiedUrl}
          imageClassName={RESULT_SLIDER_IMAGE}
          className="md:order-5"
        />
      )}
      <div className="flex flex-wrap gap-2 md:order-3">
        {modifiedUrl && (
          // The first action: where focus goes when the run that brought the result ends.
          <Button onClick={onDownload} disabled={processing} data-run-focus>
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
        {modifiedUrl && share && (
          <ShareButton content={{ kind: "file", file: modifiedUrl, ...share }} disabled={processing} />
        )}
        {modifiedUrl && editWith}
        {modifiedUrl && onRecreate && (
          // The whole name at every width (it fits a phone's second row): what is seen is what is named.
          <Button variant="secondary" onClick={onRecreate} disabled={processing}>
            <RefreshCw aria-hidden="true" />
            Try Another Version
          </Button>
        )}
        {/* Focus comes here after a run with no result (Cancel): the one step left. */}
        <Button variant="outline" onClick={onReset} disabled={processing} data-run-focus>
          <RotateCcw aria-hidden="true" />
          {labels?.reset ?? "Try Another Image"}
        </Button>
      </div>
      {modifiedUrl && description && (
        <div className="rounded-lg border bg-card p-3 text-sm md:order-2">
          <h3 className="mb-1 font-medium">Description</h3>
          <p className="whitespace-pre-line text-muted-foreground">{description}</p>
        </div>
      )}
      {modifiedUrl && !onRecreate && recreateHint && <div className="md:order-4">{recreateHint}</div>}
      <ToolVersions versions={versions ?? null} className="md:order-5 md:col-span-2" />
    </section>
  );
}
