/** Where focus goes when a tool's processing overlay closes: back where it was, else the page's next step. */

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

/** The page's next step, in order: the error banner's action, the result's marked element, the heading. */
function nextStep(): HTMLElement | null {
  const candidates = [
    ...document.querySelectorAll("[data-testid='error-banner'] button"),
    ...document.querySelectorAll(`[${RUN_FOCUS_ATTRIBUTE}]`),
    ...document.querySelectorAll("main h1, h1"),
  ];
  return candidates.find(usable) ?? null;
}

/**
 * Focus after the overlay closed, never left on <body>: `before` (what had focus when it opened) if it is
 * still there and shown, else the next step. A heading is given tabindex=-1 so it can hold focus.
 * Nothing moves when focus already went somewhere else meanwhile (a dialog, a field).
 */
export function focusAfterRun(before: HTMLElement | null): void {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return;
  const target = usable(before) ? before : nextStep();
  if (!target) return;
  if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}
