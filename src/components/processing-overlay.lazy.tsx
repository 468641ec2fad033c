/**
 * What the processing overlay (processing-overlay.tsx) fetches while it is open, not with the page: the
 * retry countdown (a wait only comes after the AI answered busy, by then it is here), and where focus
 * goes when the overlay closes (back where it was, else the page's next step).
 */
import { retryWaitAnnouncement, useRetryCountdown } from "@/hooks/use-retry-countdown";
import type { RetryWait } from "@/lib/gemini/retry";

/** The countdown for the eye; a screen reader hears the wait once (the paragraph is not live). */
export function RetryCountdown({ wait }: { wait: RetryWait }) {
  const left = useRetryCountdown(wait, retryWaitAnnouncement);
  return (
    <p className="text-sm text-white/90" data-testid="retry-countdown">
      {wait.reason} Trying again in {left} s (attempt {wait.attempt} of {wait.maxAttempts}).
    </p>
  );
}

/**
 * Written `data-run-focus` on the element a result view wants focused when a run ends with it (its
 * heading or first action).
 */
const RUN_FOCUS_ATTRIBUTE = "data-run-focus";

function usable(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element.closest("[hidden],[inert],[aria-hidden='true']")) return false;
  // Browsers say whether it is rendered (display: none, a closed <details>); jsdom has no layout.
  return typeof element.checkVisibility !== "function" || element.checkVisibility();
}

/** The page's next step: the error banner's action, else the result's marked element. */
function nextStep(): HTMLElement | null {
  const candidates = [
    ...document.querySelectorAll("[data-testid='error-banner'] button"),
    ...document.querySelectorAll(`[${RUN_FOCUS_ATTRIBUTE}]`),
  ];
  return candidates.find(usable) ?? null;
}

/** How long to look for the next step: a result may be shown a moment after the overlay closed. */
const LOOK_MS = 1_000;
const LOOK_EVERY_MS = 50;

/** Focus went somewhere on its own (a dialog, a field, a click) since the overlay closed. */
const focusElsewhere = () => {
  const active = document.activeElement;
  return Boolean(active && active !== document.body && active.isConnected);
};

function focus(target: HTMLElement) {
  // A heading can hold focus only with a tabindex.
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * Focus after the overlay closed, never left on <body>: `before` (what had focus when it opened) if it
 * is still there and shown; else the error banner's "Try again" or the result's first action, looked
 * for during a second (the result may come a moment later); else the page's heading. Nothing moves
 * when focus has gone somewhere else meanwhile.
 */
export function focusAfterRun(before: HTMLElement | null): void {
  if (focusElsewhere()) return;
  if (usable(before)) return focus(before);
  const started = Date.now();
  const look = () => {
    // The page is gone (a test's environment torn down while this second ran): nothing to focus.
    if (typeof document === "undefined" || focusElsewhere()) return;
    const target = nextStep();
    if (target) return focus(target);
    if (Date.now() - started < LOOK_MS) {
      window.setTimeout(look, LOOK_EVERY_MS);
      return;
    }
    const heading = [...document.querySelectorAll("main h1, h1")].find(usable);
    if (heading) focus(heading);
  };
  look();
}
