/** The full-screen "AI is working" overlay of a tool run, with the retry countdown, Cancel and focus return. */
import { useEffect, useState } from "react";
import { lazyPart } from "@/components/on-demand";
import { Button } from "@/components/ui/button";
import { useEscapeKey } from "@/hooks/use-escape-key";
import type { RetryWait } from "@/lib/gemini/retry";

// Fetched while the overlay is open, not with the page (first-load budget): the retry countdown and
// where focus goes when it closes (processing-overlay.lazy.tsx).
const loadAfterRun = () => import("./processing-overlay.lazy");
const Countdown = lazyPart(() => loadAfterRun().then((m) => m.RetryCountdown));

type ProcessingOverlayProps = {
  title: string;
  text: string;
  /** A retry the client is waiting for (the AI was busy), shown with a countdown. */
  retryWait?: RetryWait | null;
  onCancel?: () => void;
};

/**
 * Full-screen "AI" spinner with the route's title and text (SPEC 2.2), and a Cancel button. When it
 * closes (a result, a failure, Cancel) focus goes back where it was, or to the page's next step.
 */
export function ProcessingOverlay({ title, text, retryWait, onCancel }: ProcessingOverlayProps) {
  // Escape cancels, like closing any other dialog.
  useEscapeKey(onCancel);
  // Read while rendering: Cancel's autoFocus takes the focus before any effect of this component runs.
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    Countdown.preload();
    const module = loadAfterRun();
    return () =>
      void module
        .then((m) => m.focusAfterRun(before))
        .catch((error: unknown) => console.warn("Could not move focus after the run", error));
  }, [before]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="processing-title"
      aria-describedby="processing-text"
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/85 p-4 dark:bg-black/90"
    >
      <div className="flex max-w-sm flex-col items-center gap-4 text-center text-white">
        <div className="relative flex size-24 items-center justify-center" role="status" aria-label="Working">
          {/* Reduced motion: a still ring, half lit, instead of a turning one. */}
          <span
            data-testid="processing-ring"
            className="absolute inset-0 rounded-full border-4 border-white/20 border-t-green-400 motion-safe:animate-spin motion-reduce:border-r-green-400"
          />
          <span className="text-xl font-black tracking-wider">AI</span>
        </div>
        <h2 id="processing-title" className="text-2xl font-bold">
          {title}
        </h2>
        <p id="processing-text" className="text-white/80">
          {text}
        </p>
        {retryWait && (
          <Countdown
            key={`${retryWait.attempt}-${retryWait.delayMs}`}
            wait={retryWait}
            fallback={<p className="text-sm text-white/90">{retryWait.reason}</p>}
            onFailed={() => undefined}
          />
        )}
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
