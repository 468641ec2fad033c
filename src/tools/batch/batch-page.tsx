/** The Batch page: the picker, the instruction, the progress of a run and the grid of image cards. */
import { useEffect, useId } from "react";
import { Link } from "react-router-dom";
import { AlertTriangle, Download, Loader2, Play, RefreshCw, Trash2, X } from "lucide-react";
import { ApiKeyField } from "@/components/api-key-field";
import { lazyPart } from "@/components/on-demand";
import { MultiUploadArea } from "@/components/multi-upload-area";
import { PromptField } from "@/components/prompt-field";
import { CostNote } from "@/components/remaining-counter";
import { KeptNote } from "@/components/kept-note";
import { ToolPage } from "@/components/tool-page";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { getTool } from "@/tools/registry";
import { useRemainingConversions } from "@/hooks/use-remaining";
import { pauseAnnouncement, useRetryCountdown } from "@/hooks/use-retry-countdown";
import type { RetryWait } from "@/lib/gemini/retry";
import { BatchCard } from "./batch-card";
import { MAX_BATCH_FILES } from "./batch-image";
import { notEnoughMessage } from "./batch-copy";
import { useBatch } from "./use-batch";
import { useBatchAnnouncements } from "./use-batch-announcements";
import { useBatchFocus } from "./use-batch-focus";

const TOOL = getTool("batch");

/** A finished batch's "Process again…": fetched once photos are there (not in the empty page's first load). */
const ProcessAgain = lazyPart(() => import("./batch-finished.lazy").then((m) => m.ProcessAgain));

/** Shape and Size of every result: fetched once photos are there (they choose for those photos). */
const OutputOptions = lazyPart(() => import("./batch-output.lazy").then((m) => m.OutputOptions));

/** The shared pause, shown once for the whole batch with its countdown; a screen reader hears it once. */
function PauseNote({ wait }: { wait: RetryWait }) {
  const left = useRetryCountdown(wait, pauseAnnouncement);
  return (
    <p className="text-sm text-amber-800 dark:text-amber-200" data-testid="batch-pause">
      {wait.reason} Continuing in {left} s.
    </p>
  );
}

/** Batch Image Processing (SPEC 2.14): many images, one instruction, a preview grid of the results. */
export function BatchPage() {
  const batch = useBatch();
  const remaining = useRemainingConversions();
  const count = batch.items.length;
  const left = remaining.status === "ready" ? remaining.current : null;
  const short = left !== null && count > left;
  const { progress, counts, running } = batch;
  const percent = progress.total ? Math.round((progress.finished / progress.total) * 100) : 0;
  const retryable = batch.retryable;
  const retryCostId = useId();
  useBatchAnnouncements(progress, counts, running);
  const { submitRef, cancelRef, retryRef, downloadRef } = useBatchFocus(running);
  const finished = batch.finished;
  // The finished batch's actions come while the photos are chosen (or the last batch is shown again).
  useEffect(() => {
    if (count > 0) {
      ProcessAgain.preload();
      OutputOptions.preload();
    }
  }, [count]);
  // Before a run: what it will use (the counter moves during the run, as results come back).
  const cost =
    short && left !== null ? (
      <Alert variant="warning" data-testid="batch-short">
        <AlertTriangle aria-hidden="true" />
        <AlertDescription>
          <p>{notEnoughMessage(left, count)}</p>
          <Link to={paths.pricing} className="font-medium underline underline-offset-2">
            See plans
          </Link>
        </AlertDescription>
      </Alert>
    ) : (
      <CostNote cost={count} className="text-sm" />
    );
  const downloadAll = (size?: "sm") =>
    counts.done > 0 && (
      <Button
        ref={downloadRef}
        type="button"
        size={size}
        onClick={() => void batch.downloadAll()}
        disabled={batch.zipping}
      >
        {batch.zipping ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Download aria-hidden="true" />
        )}
        Download all
      </Button>
    );

  return (
    <ToolPage
      tool={TOOL}
      run={{ error: batch.error, canRetry: retryable > 0, retry: batch.retryFailed, retryCost: retryable }}
      busy={running}
      apiKey={false}
    >
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-3">
          <MultiUploadArea
            onFiles={batch.addFiles}
            disabled={running}
            description={`Add up to ${MAX_BATCH_FILES} images: drop them, choose them or paste them.`}
          />
          {batch.notice && (
            <Alert variant="warning" role="status">
              <AlertTriangle aria-hidden="true" />
              <AlertDescription>{batch.notice}</AlertDescription>
            </Alert>
          )}
          {batch.validation.files && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {batch.validation.files}
            </p>
          )}
        </div>

        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            // A finished batch runs again only through "Process again…", which asks first.
            if (!finished) batch.processAll();
          }}
        >
          <PromptField
            id="batch-instruction"
            label="Instruction"
            value={batch.instruction}
            onChange={batch.setInstruction}
            placeholder="What should happen to every image? For example: make it look like a watercolour painting"
            required
            disabled={running}
          />
          {batch.validation.instruction && (
            <p role="alert" className="-mt-2 text-sm font-medium text-destructive">
              {batch.validation.instruction}
            </p>
          )}
          {count > 0 && (
            <OutputOptions
              fallback={null}
              onFailed={() => undefined}
              value={batch.output}
              onChange={batch.setOutput}
              disabled={running}
            />
          )}
          <ApiKeyField disabled={running} />
          {finished ? (
            <div className="space-y-4" data-testid="batch-finished">
              <div className="flex flex-wrap gap-2">
                {downloadAll()}
                {/* The page's main step when nothing came back (focus goes here then). */}
                <Button ref={submitRef} type="button" variant="outline" onClick={batch.clear}>
                  <Trash2 aria-hidden="true" />
                  Start over
                </Button>
              </div>
              <ProcessAgain
                fallback={null}
                onFailed={() => undefined}
                count={count}
                left={left}
                short={short}
                cost={cost}
                onProcessAgain={batch.processAll}
              />
            </div>
          ) : (
            <>
              {count > 0 && !running && cost}
              <div className="flex flex-wrap gap-2">
                <Button ref={submitRef} type="submit" disabled={running} className="flex-1 sm:flex-none">
                  {running ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Play aria-hidden="true" />
                  )}
                  Process All Images
                </Button>
                {running && (
                  <Button ref={cancelRef} type="button" variant="outline" onClick={batch.cancelAll}>
                    <X aria-hidden="true" />
                    Cancel all
                  </Button>
                )}
              </div>
            </>
          )}
        </form>
      </div>

      {count > 0 && (
        <section aria-labelledby="batch-images-heading" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="batch-images-heading" className="text-xl font-semibold">
              Images ({count})
            </h2>
            <div className="flex flex-col gap-1 sm:items-end">
              <div className="flex flex-wrap gap-2">
                {!running && retryable > 0 && (
                  <Button
                    ref={retryRef}
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-describedby={retryCostId}
                    onClick={batch.retryFailed}
                  >
                    <RefreshCw aria-hidden="true" />
                    Retry failed
                  </Button>
                )}
                {!finished && downloadAll("sm")}
                {!running && !finished && (
                  <Button type="button" variant="ghost" size="sm" onClick={batch.clear}>
                    <Trash2 aria-hidden="true" />
                    Clear all
                  </Button>
                )}
              </div>
              {/* What Retry failed spends (one conversion per image that comes back), right under it. */}
              {!running && retryable > 0 && (
                <CostNote id={retryCostId} cost={retryable} className="sm:text-right" />
              )}
            </div>
          </div>

          {batch.restored && !running && <KeptNote>Your last batch, kept on this device.</KeptNote>}

          {progress.total > 0 && (
            <div className="space-y-2 rounded-xl border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                {/* Not live: a screen reader hears each quarter once (use-batch-announcements.ts). */}
                <span className="font-medium" data-testid="batch-progress">
                  {progress.finished} of {progress.total}
                </span>
                <span className="text-muted-foreground">
                  {counts.done} done · {counts.failed} failed · {counts.cancelled} cancelled
                </span>
              </div>
              <div
                role="progressbar"
                aria-label="Batch progress"
                aria-valuemin={0}
                aria-valuemax={progress.total}
                aria-valuenow={progress.finished}
                aria-valuetext={`${progress.finished} of ${progress.total}`}
                className="h-2.5 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-300"
                  style={{ width: `${percent}%` }}
                />
              </div>
              {batch.retryWait && <PauseNote key={`${batch.retryWait.attempt}`} wait={batch.retryWait} />}
            </div>
          )}

          <ul
            aria-label="Batch images"
            className="grid grid-cols-1 gap-4 min-[380px]:grid-cols-2 md:grid-cols-3"
          >
            {batch.items.map((item) => (
              <BatchCard
                key={item.id}
                item={item}
                resultName={batch.names.get(item.id)}
                running={running}
                onCancel={batch.cancelItem}
                onRemove={batch.remove}
                onDownload={batch.download}
              />
            ))}
          </ul>
        </section>
      )}
    </ToolPage>
  );
}
