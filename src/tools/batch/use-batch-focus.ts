/**
 * Keeps keyboard focus on the Batch page while a run starts and ends: "Process All Images" (or "Retry
 * failed") is disabled or gone once the run starts, and "Cancel all" is gone once it ends, and either
 * would leave focus on <body>. Focus moves to "Cancel all" when the run starts, and to "Download all"
 * (else "Retry failed", else "Process All Images", or "Start over" once the batch is finished) when it ends, only if it was lost. Returns the refs
 * for those four buttons.
 */
import { useEffect, useRef } from "react";

function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled;
}

function focusFirst(buttons: (HTMLButtonElement | null)[]) {
  buttons.find((button) => button?.isConnected && !button.disabled)?.focus();
}

export function useBatchFocus(running: boolean) {
  const submitRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const downloadRef = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(running);
  useEffect(() => {
    const started = running && !wasRunning.current;
    const ended = !running && wasRunning.current;
    wasRunning.current = running;
    if (!focusLost()) return;
    if (started) focusFirst([cancelRef.current]);
    else if (ended) focusFirst([downloadRef.current, retryRef.current, submitRef.current]);
  }, [running]);
  return { submitRef, cancelRef, retryRef, downloadRef };
}
