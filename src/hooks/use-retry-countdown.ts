/** The whole seconds left of a retry wait, counting down while it is shown (the overlay, the batch pause). */
import { useEffect, useState } from "react";
import type { RetryWait } from "@/lib/gemini";

/** Seconds until the retry of `wait` (rounded up, never below 0), updated four times a second. */
export function useRetryCountdown(wait: RetryWait): number {
  const [left, setLeft] = useState(() => Math.ceil(wait.delayMs / 1000));
  useEffect(() => {
    const end = Date.now() + wait.delayMs;
    const timer = window.setInterval(() => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 250);
    return () => window.clearInterval(timer);
  }, [wait]);
  return left;
}
