/** The full-screen "AI is working" overlay of a tool run, with the retry countdown and Cancel. */
import { Button } from "@/components/ui/button";
import { useEscapeKey } from "@/hooks/use-escape-key";
import { useRetryCountdown } from "@/hooks/use-retry-countdown";
import type { RetryWait } from "@/lib/gemini";

type ProcessingOverlayProps = {
  title: string;
  text: string;
  /** A retry the client is waiting for (the AI was busy), shown with a countdown. */
  retryWait?: RetryWait | null;
  onCancel?: () => void;
};

function Countdown({ wait }: { wait: RetryWait }) {
  const left = useRetryCountdown(wait);
  return (
    <p className="text-sm text-white/90" aria-live="polite">
      {wait.reason} Trying again in {left} s (attempt {wait.attempt} of {wait.maxAttempts}).
    </p>
  );
}

/** Full-screen "AI" spinner with the route's title and text (SPEC 2.2), and a Cancel button. */
export function ProcessingOverlay({ title, text, retryWait, onCancel }: ProcessingOverlayProps) {
  // Escape cancels, like closing any other dialog.
  useEscapeKey(onCancel);

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
          <span className="absolute inset-0 animate-spin rounded-full border-4 border-white/20 border-t-green-400" />
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
