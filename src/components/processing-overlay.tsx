/** The full-screen "AI is working" overlay of a tool run, with the retry countdown, Cancel and focus return. */
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useEscapeKey } from "@/hooks/use-escape-key";
import { usePrefersReducedMotion } from "@/hooks/use-reduced-motion";
import { retryWaitAnnouncement, useRetryCountdown } from "@/hooks/use-retry-countdown";
import type { RetryWait } from "@/lib/gemini";
import { cn } from "@/lib/utils";

// Where focus goes when the overlay closes: fetched while it is open, not with the page (first-load budget).
const focusAfterRun = () => import("./focus-after-run");

type ProcessingOverlayProps = {
  title: string;
  text: string;
  /** A retry the client is waiting for (the AI was busy), shown with a countdown. */
  retryWait?: RetryWait | null;
  onCancel?: () => void;
};

/** The countdown for the eye; a screen reader hears the wait once (the paragraph is not live). */
function Countdown({ wait }: { wait: RetryWait }) {
  const left = useRetryCountdown(wait, retryWaitAnnouncement);
  return (
    <p className="text-sm text-white/90" data-testid="retry-countdown">
      {wait.reason} Trying again in {left} s (attempt {wait.attempt} of {wait.maxAttempts}).
    </p>
  );
}

/**
 * Full-screen "AI" spinner with the route's title and text (SPEC 2.2), and a Cancel button. When it
 * closes (a result, a failure, Cancel) focus goes back where it was, or to the page's next step.
 */
export function ProcessingOverlay({ title, text, retryWait, onCancel }: ProcessingOverlayProps) {
  // Escape cancels, like closing any other dialog.
  useEscapeKey(onCancel);
  const reduceMotion = usePrefersReducedMotion();
  // Read while rendering: Cancel's autoFocus takes the focus before any effect of this component runs.
  const [before] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const module = focusAfterRun();
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
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/75 p-4 backdrop-blur-sm"
    >
      <div className="flex max-w-sm flex-col items-center gap-4 text-center text-white">
        <div className="relative flex size-24 items-center justify-center" role="status" aria-label="Working">
          {/* Reduced motion: a still ring, half lit, instead of a turning one. */}
          <span
            data-testid="processing-ring"
            className={cn(
              "absolute inset-0 rounded-full border-4 border-white/20 border-t-green-400",
              reduceMotion ? "border-r-green-400" : "animate-spin",
            )}
          />
          <span className="text-xl font-black tracking-wider">AI</span>
        </div>
        <h2 id="processing-title" className="text-2xl font-bold">
          {title}
        </h2>
        <p id="processing-text" className="text-white/80">
          {text}
        </p>
        {retryWait && <Countdown key={`${retryWait.attempt}-${retryWait.delayMs}`} wait={retryWait} />}
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
