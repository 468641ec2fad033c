/** Screen-reader announcements: `announce()` says a sentence once, through the always-mounted live regions. */

/** "polite" waits for the screen reader to finish; "assertive" interrupts (failures with no toast). */
export type Politeness = "polite" | "assertive";

export type Announcement = { id: number; text: string; politeness: Politeness; at: number };

/**
 * How long an older sentence stays in its region once a newer one comes (read by then; removing it says
 * nothing). The newest stays until the next, so a region never changes while a countdown runs.
 */
export const ANNOUNCEMENT_KEEP_MS = 7_000;
/** The same sentence again within this time is one announcement (a double render, a double click). */
const SAME_WITHIN_MS = 1_000;

let current: Announcement[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((listener) => listener());
}

export type AnnounceOptions = {
  /**
   * Said even if the same sentence was said a moment ago: a new event that reads the same (stepping
   * back to the version just left), not a render or a click that says it twice.
   */
  again?: boolean;
};

/**
 * Says `text` once to screen readers (components/live-announcer.tsx shows it, visually hidden). Toasts
 * speak for themselves (sonner's outlet is a live region); this is for what changes without a toast:
 * a retry wait, a batch's progress, a failure no toast reports.
 */
export function announce(
  text: string,
  politeness: Politeness = "polite",
  { again = false }: AnnounceOptions = {},
): void {
  const at = Date.now();
  const repeat =
    !again &&
    current.some((a) => a.text === text && a.politeness === politeness && at - a.at < SAME_WITHIN_MS);
  if (!text || repeat) return;
  const announcement: Announcement = { id: ++nextId, text, politeness, at };
  current = [...current.filter((a) => at - a.at < ANNOUNCEMENT_KEEP_MS), announcement];
  emit();
}

export function subscribeAnnouncements(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sentences in the regions now, oldest first. */
export function announcements(): Announcement[] {
  return current;
}

/** Empties the regions at once (tests, between pages of the same document). */
export function clearAnnouncements(): void {
  current = [];
  emit();
}
