/** The frame of every AI tool page, and the wiring of a tool's run into it (banner, Try again, overlay). */
import type { ReactNode } from "react";
import { RefreshCw } from "lucide-react";
import { ApiKeyField } from "@/components/api-key-field";
import { ErrorBanner } from "@/components/error-banner";
import { LocalEngineNotice } from "@/components/local-engine-notice";
import { ProcessingOverlay } from "@/components/processing-overlay";
import { RemainingCounter } from "@/components/remaining-counter";
import { Button } from "@/components/ui/button";
import type { RetryWait } from "@/lib/gemini";

export type ToolPageProps = {
  title: string;
  description: string;
  emoji?: string;
  /** Links or buttons under the heading (the style tools' cross-links). */
  nav?: ReactNode;
  /** The red banner: what went wrong and what to do, with "Try again" when `onRetry` is given. */
  error?: { message: string; advice?: string } | null;
  onRetry?: () => void;
  /** The full-screen overlay while the AI works, with Cancel (and Escape). */
  processing?: { title: string; text: string; retryWait?: RetryWait | null; onCancel: () => void } | null;
  /** "Remaining conversions: N / limit" beside the heading (default on). */
  counter?: boolean;
  /** The optional Gemini key field under the tool (default on). */
  apiKey?: boolean;
  busy?: boolean;
  footer?: ReactNode;
  children: ReactNode;
};

/** What a tool's hook says about its AI run. */
export type ToolRun = {
  error?: ToolPageProps["error"];
  /** Whether "Try again" is offered for the error. */
  canRetry: boolean;
  retry: () => void;
  retryWait: RetryWait | null;
  cancel: () => void;
};

/**
 * ToolPage's error banner, "Try again" and processing overlay for a tool's run. `overlay` is the
 * overlay's title and text while the run is shown full-screen (falsy: no overlay).
 */
export function toolRunProps(
  run: ToolRun,
  overlay: { title: string; text: string } | null | false | undefined,
): Pick<ToolPageProps, "error" | "onRetry" | "processing"> {
  return {
    error: run.error,
    onRetry: run.canRetry ? run.retry : undefined,
    processing: overlay ? { ...overlay, retryWait: run.retryWait, onCancel: run.cancel } : null,
  };
}

/**
 * The frame every AI tool page shares (DESIGN "AI tools"): heading with the remaining counter, the
 * local-engine notice, the error banner, the tool itself, the API key field and the processing overlay.
 */
export function ToolPage({
  title,
  description,
  emoji,
  nav,
  error,
  onRetry,
  processing,
  counter = true,
  apiKey = true,
  busy,
  footer,
  children,
}: ToolPageProps) {
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
              {title}
            </h1>
            <p className="text-muted-foreground">{description}</p>
          </div>
          {counter && <RemainingCounter />}
        </div>
        {nav}
      </header>

      <LocalEngineNotice />

      {error && (
        <ErrorBanner
          message={error.message}
          advice={error.advice}
          action={
            onRetry ? (
              <Button size="sm" variant="outline" onClick={onRetry} disabled={busy}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            ) : undefined
          }
        />
      )}

      {children}

      {apiKey && <ApiKeyField disabled={busy} />}

      {footer}

      {processing && (
        <ProcessingOverlay
          title={processing.title}
          text={processing.text}
          retryWait={processing.retryWait}
          onCancel={processing.onCancel}
        />
      )}
    </div>
  );
}
