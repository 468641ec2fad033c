/** Escape anywhere on the page calls a handler, as closing a dialog does (cancelling a run). */
import { useEffect } from "react";

/** While `active`, Escape calls `onEscape` (nothing when it is undefined). */
export function useEscapeKey(onEscape: (() => void) | undefined, active = true): void {
  useEffect(() => {
    if (!active || !onEscape) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onEscape();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, onEscape]);
}
