/** The overlay's retry countdown: seconds left for the eye, the wait said once to a screen reader. */
import { retryWaitAnnouncement, useRetryCountdown } from "@/hooks/use-retry-countdown";
import type { RetryWait } from "@/lib/gemini";

/** The countdown for the eye; a screen reader hears the wait once (the paragraph is not live). */
export function RetryCountdown({ wait }: { wait: RetryWait }) {
  const left = useRetryCountdown(wait, retryWaitAnnouncement);
  return (
    <p className="text-sm text-white/90" data-testid="retry-countdown">
      {wait.reason} Trying again in {left} s (attempt {wait.attempt} of {wait.maxAttempts}).
    </p>
  );
}
