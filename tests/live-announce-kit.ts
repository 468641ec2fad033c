/**
 * What a screen reader would hear: every text added to, or changed in, a live region of the page (the
 * announcer's regions, sonner's toast outlet), in order. A region inserted with its text already in it
 * is not heard (as with real screen readers), so neither is it recorded.
 */
import { afterEach, beforeEach } from "vitest";
import { clearAnnouncements } from "@/lib/announce";

const liveRegionOf = (node: Node) =>
  (node instanceof Element ? node : node.parentElement)?.closest('[aria-live]:not([aria-live="off"])') ??
  null;

/** Starts listening around every test of the file; `said()` is what was heard so far. */
export function listenToLiveRegions() {
  let heard: string[] = [];
  let observer: MutationObserver | null = null;
  const note = (text: string | null | undefined) => {
    const clean = text?.replace(/\s+/g, " ").trim();
    if (clean) heard.push(clean);
  };
  beforeEach(() => {
    clearAnnouncements();
    heard = [];
    observer = new MutationObserver((records) => {
      for (const record of records) {
        if (!liveRegionOf(record.target)) continue;
        if (record.type === "characterData") note(record.target.parentElement?.textContent);
        else record.addedNodes.forEach((node) => note(node.textContent));
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  afterEach(() => {
    observer?.disconnect();
    clearAnnouncements();
  });
  return {
    /** Everything heard, in order. */
    said: () => [...heard],
    /** How many times something matching `pattern` was heard. */
    times: (pattern: RegExp) => heard.filter((text) => pattern.test(text)).length,
  };
}
