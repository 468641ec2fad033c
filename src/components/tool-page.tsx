/** The frame of every AI tool page: heading, notices, error banner with Try again, the tool, key field, overlay. */
import { useId, type ReactNode } from "react";
import { RefreshCw } from "lucide-react";
import { ApiKeyField } from "@/components/api-key-field";
import { ErrorBanner } from "@/components/error-banner";
import { lazyPart } from "@/components/on-demand";
import { PickLock } from "@/components/pick-lock";
import { LocalEngineNotice } from "@/components/local-engine-notice";
import { OfflineNotice } from "@/components/offline-notice";
import { ProcessingOverlay } from "@/components/processing-overlay";
import { CostNote, RemainingCounter } from "@/components/remaining-counter";
import { Button } from "@/components/ui/button";
import { useRemainingConversions } from "@/hooks/use-remaining";
import type { RetryWait } from "@/lib/gemini/retry";
import { useSubscriptionTier } from "@/lib/subscription";

/** "Usage Limit Reached" and when the count renews: a chunk of its own, for a page with none left. */
const LimitNotice = lazyPart(() => import("./limit-notice.lazy").then((m) => m.LimitNotice));

/** What a tool's hook says about its AI run, as the page shows it. */
export type ToolRun = {
  /** The red banner: what went wrong and what to do. */
  error?: { message: string; advice?: string } | null;
  /** Whether the banner offers "Try again" (`retry`). */
  canRetry: boolean;
  retry: () => void;
  /** What "Try again" spends, said beside it (1 when omitted; Batch: the images it takes again). */
  retryCost?: number;
  /** A retry the client is waiting for (the AI was busy), counted down in the overlay. */
  retryWait?: RetryWait | null;
  /** Stops the run (the overlay's Cancel, and Escape). */
  cancel?: () => void;
};

export type ToolPageProps = {
  /** The heading: the tool's title and the line saying what it does. */
  tool: { title: string; description: string };
  emoji?: string;
  /** Links or buttons under the heading (the style tools' cross-links). */
  nav?: ReactNode;
  run: ToolRun;
  /** The full-screen overlay's title and text while the AI works (falsy: no overlay). */
  overlay?: { title: string; text: string } | null | false;
  /** "Remaining conversions: N / limit" beside the heading (default on). */
  counter?: boolean;
  /** The optional Gemini key field under the tool (default on). */
  apiKey?: boolean;
  busy?: boolean;
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * The frame every AI tool page shares (docs/architecture.md "AI tools"): heading with the remaining counter, the
 * local-engine notice, the offline notice (the tool needs a connection; its run says so and counts nothing),
 * the error banner, at no conversions left the limit notice (and the photo pickers off), the tool itself, the API key field and the processing overlay.
 */
export function ToolPage({
  tool,
  emoji,
  nav,
  run,
  overlay,
  counter = true,
  apiKey = true,
  busy,
  footer,
  children,
}: ToolPageProps) {
  const remaining = useRemainingConversions();
  const tier = useSubscriptionTier().data;
  const retryCostId = useId();
  // No conversions left: the page stays (its last result, its words), says when the count renews, and
  // its photo pickers are off until then or an upgrade.
  const atLimit = remaining.status === "ready" && remaining.current === 0 && tier !== undefined;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
              {emoji && (
                <span aria-hidden="true" className="mr-2">
                  {emoji}
                </span>
              )}
              {tool.title}
            </h1>
            <p className="text-muted-foreground">{tool.description}</p>
          </div>
          {counter && <RemainingCounter />}
        </div>
        {nav}
      </header>

      <LocalEngineNotice />
      <OfflineNotice />

      {run.error && (
        <ErrorBanner
          message={run.error.message}
          advice={run.error.advice}
          action={
            run.canRetry ? (
              // What trying again spends, beside it (issue 27 §2), and named as its description.
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={run.retry}
                  disabled={busy}
                  aria-describedby={retryCostId}
                >
                  <RefreshCw aria-hidden="true" />
                  Try again
                </Button>
                <CostNote id={retryCostId} cost={run.retryCost ?? 1} />
              </div>
            ) : undefined
          }
        />
      )}

      {atLimit && <LimitNotice fallback={null} onFailed={() => undefined} tier={tier} />}

      <PickLock.Provider value={atLimit}>{children}</PickLock.Provider>

      {apiKey && <ApiKeyField disabled={busy} />}

      {footer}

      {overlay && (
        <ProcessingOverlay
          title={overlay.title}
          text={overlay.text}
          retryWait={run.retryWait}
          onCancel={run.cancel}
        />
      )}
    </div>
  );
}
