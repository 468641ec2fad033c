/**
 * Keeps keyboard focus on the Batch page while a run starts and ends: "Process All Images" (or "Retry
 * failed") is disabled or gone once the run starts, and "Cancel all" is gone once it ends, and either
 * would leave focus on <body>. Focus moves to "Cancel all" when the run starts, and to "Download all"
 * (else "Retry failed", else "Process All Images") when it ends, only if it was lost.
 */
import { useEffect, useRef, type RefObject } from "react";

type Buttons = {
  cancel: RefObject<HTMLButtonElement | null>;
  /** After a run, the first of these that is there and enabled. */
  after: RefObject<HTMLButtonElement | null>[];
};

function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || (active as HTMLButtonElement).disabled;
}

function focusFirst(refs: RefObject<HTMLButtonElement | null>[]) {
  refs
    .map((ref) => ref.current)
    .find((button) => button?.isConnected && !button.disabled)
    ?.focus();
}

export function useBatchFocus(running: boolean, { cancel, after }: Buttons) {
  const wasRunning = useRef(running);
  useEffect(() => {
    const started = running && !wasRunning.current;
    const ended = !running && wasRunning.current;
    wasRunning.current = running;
    if (!focusLost()) return;
    if (started) focusFirst([cancel]);
    else if (ended) focusFirst(after);
  }, [running, cancel, after]);
}
