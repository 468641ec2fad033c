/**
 * The grid of a run's several results (issue 28 §1), fetched by result-grid.tsx when such a run starts:
 * each result in its place as it arrives, with its progress (waiting, being made, ready, failed with why
 * and its own Try again, cancelled and not counted); choosing one makes it the result shown; Cancel stops
 * what has not come back; "Download all" gives one ZIP. The grid shows small previews (thumbnails made
 * once per result, lib/creations makeThumbnail), never the full pictures: the chosen one is shown full
 * size by the page's result view.
 *
 * Keyboard: one tab stop, the arrow keys (and Home, End) move between the results, Enter or Space
 * chooses; a result's Try again follows it in the tab order. Each result's progress is said once, by the
 * run (lib/announce.ts), not by the grid's rendering.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { AlertCircle, CircleOff, Check, Hourglass, Download, Loader2, RefreshCw, X } from "lucide-react";
import { ErrorBanner } from "@/components/error-banner";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import type { ResultSlot, ToolResults } from "@/hooks/use-tool-results";
import { makeThumbnail } from "@/lib/creations";
import type { ImageOutput } from "@/config/image-output";
import { downloadImage, pictureBlob } from "@/lib/image";
import { sizedFileName } from "@/lib/tool-output";
import { cn } from "@/lib/utils";

export type ResultGridProps = {
  /** Each result with the Shape and Size it was made at, where the tool has them (issue 28 §2). */
  results: ToolResults<{ imageUrl: string; output?: ImageOutput }>;
  /**
   * The tool's file name ("hulk-edition.png"): the results are "hulk-edition-1.png", ... in
   * "hulk-edition-results.zip"; made at 2K or 4K, "hulk-edition-4k-1.png" in "hulk-edition-4k-results.zip".
   */
  downloadName: string;
  className?: string;
};

export const ZIP_FAILED = "The ZIP file could not be made. Choose a result and download it instead.";

const THUMBNAIL = { maxSide: 384, type: "image/webp", quality: 0.8 } as const;

/** A small copy of a result for its place in the grid (the full picture when none can be made here). */
function useThumbnail(imageUrl: string | undefined): string | undefined {
  const [thumb, setThumb] = useState<{ of: string; url: string } | null>(null);
  useEffect(() => {
    if (!imageUrl) return;
    let url: string | null = null;
    let live = true;
    void pictureBlob(imageUrl)
      .then((picture) => makeThumbnail(picture, THUMBNAIL))
      .catch(() => null)
      .then((blob) => {
        if (!live) return;
        url = blob ? URL.createObjectURL(blob) : null;
        setThumb({ of: imageUrl, url: url ?? imageUrl });
      });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [imageUrl]);
  return thumb && thumb.of === imageUrl ? thumb.url : undefined;
}

/** What a result's place says while it has no picture. */
const STATUS_TEXT: Record<ResultSlot<unknown>["status"], string> = {
  waiting: "Waiting",
  sending: "Making…",
  done: "ready",
  failed: "Failed",
  cancelled: "Cancelled · not counted",
};

function fileNames(downloadName: string) {
  const dot = downloadName.lastIndexOf(".");
  const stem = dot > 0 ? downloadName.slice(0, dot) : downloadName;
  return { one: (index: number) => `${stem}-${index + 1}.png`, zip: `${stem}-results.zip` };
}

export function ResultGridBody({ results, downloadName, className }: ResultGridProps) {
  const { state } = results;
  const [focus, setFocus] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [zipping, setZipping] = useState(false);
  if (!state) return null;

  if (state.notice) return <ErrorBanner message={state.notice.message} advice={state.notice.advice} />;
  if (state.short)
    return (
      <div
        role="alert"
        className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      >
        <p className="text-sm font-medium">{state.short.message}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={results.runShort}>
            Run {state.short.remaining}
          </Button>
          <Button size="sm" variant="outline" asChild>
            <Link to={paths.pricing}>Upgrade</Link>
          </Button>
        </div>
      </div>
    );

  const { slots } = state;
  const total = slots.length;
  const ready = slots.filter((slot) => slot.status === "done").length;
  const output = state.slots.find((slot) => slot.result?.output)?.result?.output;
  const names = fileNames(sizedFileName(downloadName, output));
  const at = Math.min(focus, total - 1);

  const move = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? (index + 1) % total
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? (index - 1 + total) % total
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? total - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocus(next);
    buttons.current[next]?.focus();
  };

  const downloadAll = async () => {
    const done = slots.flatMap((slot, index) =>
      slot.status === "done" && slot.result ? [{ name: names.one(index), url: slot.result.imageUrl }] : [],
    );
    if (done.length === 0 || zipping) return;
    setZipping(true);
    try {
      // Each result's Blob, as it came (no copy).
      const files = await Promise.all(
        done.map(async (f) => ({ name: f.name, blob: await pictureBlob(f.url) })),
      );
      // As Batch's ZIP: stored as they are (client-zip never recompresses), its code fetched when asked.
      const { downloadZip } = await import("client-zip");
      const now = new Date();
      const zip = await downloadZip(
        files.map((f) => ({ name: f.name, input: f.blob, lastModified: now })),
      ).blob();
      downloadImage(zip, names.zip);
    } catch {
      toast.error(ZIP_FAILED);
    } finally {
      setZipping(false);
    }
  };

  return (
    <section aria-labelledby="result-grid-heading" className={cn("space-y-3", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="result-grid-heading" className="text-lg font-semibold">
            Results
          </h2>
          <p className="text-sm text-muted-foreground">
            {ready} of {total} ready
            {state.chosen !== null && !state.running ? " · choose one to show it" : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {state.running ? (
            <Button size="sm" variant="outline" onClick={results.cancel}>
              <X aria-hidden="true" />
              Cancel
            </Button>
          ) : (
            ready > 1 && (
              <Button size="sm" variant="outline" onClick={() => void downloadAll()} disabled={zipping}>
                <Download aria-hidden="true" />
                Download all
              </Button>
            )
          )}
        </div>
      </div>
      {state.wait && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Hourglass aria-hidden="true" className="size-4" />
          {state.wait.reason} Trying again in {Math.ceil(state.wait.delayMs / 1000)} s.
        </p>
      )}
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {slots.map((slot, index) => (
          <li key={index} className="space-y-2">
            <ResultCell
              slot={slot}
              index={index}
              total={total}
              chosen={state.chosen === index}
              tabStop={index === at}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              onChoose={() => {
                setFocus(index);
                results.choose(index);
              }}
              onKeyDown={(event) => move(event, index)}
            />
            {slot.status === "failed" && slot.error && (
              <p className="text-xs break-words text-destructive">{slot.error.message}</p>
            )}
            {(slot.status === "failed" || slot.status === "cancelled") && (
              <Button
                size="sm"
                variant="outline"
                className="w-full"
                disabled={state.running}
                onClick={() => results.retry(index)}
                aria-label={`Try again: result ${index + 1} of ${total}`}
              >
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResultCell({
  slot,
  index,
  total,
  chosen,
  tabStop,
  ref,
  onChoose,
  onKeyDown,
}: {
  slot: ResultSlot<{ imageUrl: string }>;
  index: number;
  total: number;
  chosen: boolean;
  tabStop: boolean;
  ref: (el: HTMLButtonElement | null) => void;
  onChoose: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const thumb = useThumbnail(slot.status === "done" ? slot.result?.imageUrl : undefined);
  const ready = slot.status === "done";
  // The name is what is seen ("Result 2 of 4, Failed"), with the words only a screen reader needs.
  return (
    <button
      ref={ref}
      type="button"
      tabIndex={tabStop ? 0 : -1}
      aria-current={chosen ? "true" : undefined}
      aria-disabled={ready ? undefined : "true"}
      onClick={() => ready && onChoose()}
      onKeyDown={onKeyDown}
      className={cn(
        "relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-xl border bg-muted text-sm text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        ready && "cursor-pointer hover:border-primary",
        chosen && "border-primary ring-2 ring-primary",
      )}
    >
      <span className="absolute top-1.5 left-1.5 z-10 rounded-md bg-background/90 px-1.5 py-0.5 text-xs font-medium text-foreground">
        <span className="sr-only">Result </span>
        {index + 1}
        <span className="sr-only">{` of ${total}, `}</span>
      </span>
      {ready && thumb ? (
        <img src={thumb} alt="" className="size-full object-cover" />
      ) : (
        <span className="flex flex-col items-center gap-1.5 px-2 text-center">
          {slot.status === "waiting" && <Hourglass aria-hidden="true" className="size-5" />}
          {(slot.status === "sending" || (ready && !thumb)) && (
            <Loader2 aria-hidden="true" className="size-5 motion-safe:animate-spin" />
          )}
          {slot.status === "failed" && <AlertCircle aria-hidden="true" className="size-5 text-destructive" />}
          {slot.status === "cancelled" && <CircleOff aria-hidden="true" className="size-5" />}
          {!ready && <span>{STATUS_TEXT[slot.status]}</span>}
        </span>
      )}
      {ready && !chosen && <span className="sr-only">ready</span>}
      {chosen && (
        <span className="absolute right-1.5 bottom-1.5 flex items-center gap-1 rounded-md bg-primary px-1.5 py-0.5 text-xs font-medium text-primary-foreground">
          <Check aria-hidden="true" className="size-3" />
          Shown
        </span>
      )}
    </button>
  );
}
