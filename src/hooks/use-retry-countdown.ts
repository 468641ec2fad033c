/** The whole seconds left of a retry wait, counting down while it is shown (the overlay, the batch pause). */
import { useEffect, useState } from "react";
import { announce } from "@/lib/announce";
import type { RetryWait } from "@/lib/gemini/retry";

/** The wait's whole seconds, rounded up. */
export const waitSeconds = (wait: RetryWait) => Math.ceil(wait.delayMs / 1000);

const seconds = (n: number) => `${n} ${n === 1 ? "second" : "seconds"}`;

/** What a screen reader hears once when the AI is busy and a run waits to try again. */
export function retryWaitAnnouncement(wait: RetryWait): string {
  return `${wait.reason} Next try in ${seconds(waitSeconds(wait))}, attempt ${wait.attempt} of ${wait.maxAttempts}.`;
}

/** What a screen reader hears once when a batch pauses for the AI. */
export function pauseAnnouncement(wait: RetryWait): string {
  return `${wait.reason} The batch pauses and goes on in ${seconds(waitSeconds(wait))}.`;
}

/**
 * Seconds until the retry of `wait` (rounded up, never below 0), updated four times a second for the
 * eye. `say` is announced once per wait (lib/announce.ts), never per tick: the countdown itself is not live.
 */
export function useRetryCountdown(wait: RetryWait, say?: (wait: RetryWait) => string): number {
  const [left, setLeft] = useState(() => waitSeconds(wait));
  const sentence = say?.(wait);
  useEffect(() => {
    if (sentence) announce(sentence);
  }, [wait, sentence]);
  useEffect(() => {
    const end = Date.now() + wait.delayMs;
    const timer = window.setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 250);
    return () => window.clearInterval(timer);
  }, [wait]);
  return left;
}
