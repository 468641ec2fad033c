/**
 * A tool's photo and its result: once the result is there, one compare view (the before/after slider)
 * with the actions under it, or beside it on a laptop (fetched by ResultView, src/components/result-view.tsx,
 * when a photo is first shown).
 */
import { useEffect, type ReactNode } from "react";
import { Download, Info, RefreshCw, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CompareWithActions, preloadCompareSlider, useResultFirst } from "./compare-slider";
import { CostNote } from "./remaining-counter";
import { ShareButton } from "./share-button";
import { ToolVersions } from "./tool-versions";
import type { VersionsSource } from "@/hooks/use-tool-versions";

/**
 * The slider's picture on a phone leaves room, within one screen, for the top bar, the slider's range and
 * caption, up to three rows of actions and the cost note; on wider screens, with the actions beside it
 * (or under it on a tablet), room for the top bar and the range.
 */
export const RESULT_SLIDER_IMAGE =
  "max-h-[calc(100dvh-19rem)] md:max-h-[calc(100dvh-16rem)] lg:max-h-[calc(100dvh-10rem)]";
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
  /** Conversions another version uses (the results chosen, issue 28; default 1), said next to its button. */
  recreateCost?: number;
  /**
   * Shown in the recreate button's place, among the actions, when the plan does not allow it (the style
   * tools: the button with the plan it needs, to Pricing).
   */
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
 * With a result (SPEC 2.2): the compare slider alone (on the result on a phone, half and half wider), its
 * actions under it, or beside it from 1024 px, with the cost of another version next to its button; the
 * view is brought into view when the result comes. While there is no result yet, the original and the
 * waiting note side by side (stacked on a phone). The versions of the photo under it all.
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
  recreateCost,
  labels,
  share,
  editWith,
  versions,
}: ResultViewProps) {
  const sectionRef = useResultFirst<HTMLElement>(modifiedUrl);
  // The slider's code comes while the AI works on the photo shown here.
  useEffect(() => preloadCompareSlider(), []);
  const reset = (
    // Focus comes here after a run with no result (Cancel): the one step left.
    <Button variant="outline" onClick={onReset} disabled={processing} data-run-focus>
      <RotateCcw aria-hidden="true" />
      {labels?.reset ?? "Try Another Image"}
    </Button>
  );
  return (
    <section ref={sectionRef} aria-label="Result" className="flex scroll-mt-18 flex-col gap-4">
      {modifiedUrl ? (
        <CompareWithActions
          slider={{
            before: originalUrl,
            after: modifiedUrl,
            imageClassName: RESULT_SLIDER_IMAGE,
            pictureNames: { before: labels?.original ?? "Original", after: labels?.modified ?? "Modified" },
          }}
        >
          <div className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch">
            {/* The first action: where focus goes when the run that brought the result ends. */}
            <Button onClick={onDownload} disabled={processing} data-run-focus>
              <Download aria-hidden="true" />
              Download
            </Button>
            {share && (
              <ShareButton content={{ kind: "file", file: modifiedUrl, ...share }} disabled={processing} />
            )}
            {editWith}
            {onRecreate ? (
              <>
                {/* The whole name at every width (it fits a phone's second row): what is seen is what is named. */}
                <Button variant="secondary" onClick={onRecreate} disabled={processing}>
                  <RefreshCw aria-hidden="true" />
                  Try Another Version
                </Button>
                {/* What another version uses, right under its button (on its own line in a row of buttons). */}
                <CostNote cost={recreateCost} className="basis-full lg:-mt-1 lg:mb-1" />
              </>
            ) : (
              recreateHint
            )}
            {reset}
          </div>
          {description && (
            <div className="rounded-lg border bg-card p-3 text-sm">
              <h3 className="mb-1 font-medium">Description</h3>
              <p className="whitespace-pre-line text-muted-foreground">{description}</p>
            </div>
          )}
        </CompareWithActions>
      ) : (
        <>
          <div data-testid="result-pair" className="grid gap-4 md:grid-cols-2">
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
              <Alert role="status" className="min-h-40 content-center">
                <Info aria-hidden="true" />
                <AlertTitle>{processing ? "Working on it" : "No result yet"}</AlertTitle>
                <AlertDescription>{waitingText}</AlertDescription>
              </Alert>
            </figure>
          </div>
          <div className="flex flex-wrap gap-2">{reset}</div>
        </>
      )}
      <ToolVersions versions={versions ?? null} />
    </section>
  );
}
