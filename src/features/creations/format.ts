/** How My Creations writes a creation's date. */
const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A creation's date as people read it ("22 Nov 2026, 19:40"). */
export function formatDate(time: number): string {
  return DATE_FORMAT.format(new Date(time));
}
