/** The two visually hidden live regions that `announce()` (lib/announce.ts) speaks through, mounted once. */
import { useSyncExternalStore } from "react";
import { announcements, subscribeAnnouncements, type Politeness } from "@/lib/announce";

function Region({ politeness }: { politeness: Politeness }) {
  const all = useSyncExternalStore(subscribeAnnouncements, announcements, announcements);
  return (
    // No role: pages and tests look for their own status and alert elements, not these.
    <div aria-live={politeness} aria-atomic="false" data-testid={`live-${politeness}`}>
      {all
        .filter((a) => a.politeness === politeness)
        .map((a) => (
          <p key={a.id}>{a.text}</p>
        ))}
    </div>
  );
}

/**
 * Mounted with the app, before anything changes (a region added together with its text is often not
 * read): new sentences are added as paragraphs, so each is read once and an old one is never repeated.
 */
export function LiveAnnouncer() {
  return (
    <div className="sr-only">
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </div>
  );
}
