/** How My Creations writes a creation's date. */
const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A creation's date as people read it ("22 Nov 2026, 19:40"). */
export function formatDate(time: number): string {
  return DATE_FORMAT.format(new Date(time));
}

/**
 * The person's own words for a creation: what they typed (a custom transformation, a batch instruction,
 * a scene or a character description), or null when they typed nothing. A style conversion keeps the
 * tool's own instruction as its `prompt` and, in records kept before, as its `instruction` too: that is
 * the app's wording, not theirs, so it is never shown as a caption.
 */
export function ownWords(record: { instruction: string; prompt?: string }): string | null {
  const words = record.instruction.trim();
  if (!words || words === record.prompt?.trim()) return null;
  return words;
}
