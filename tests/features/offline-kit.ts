/**
 * Offline in the ui tests: the browser's connection switched off and on as the app sees it
 * (navigator.onLine and the window's offline/online events), back on after every test of the file.
 */
import { act } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";

let online = true;

function announce(next: boolean) {
  online = next;
  act(() => {
    window.dispatchEvent(new Event(next ? "online" : "offline"));
  });
}

/** Registers the switchable connection around every test of the file; returns its two switches. */
export function connectionSwitch() {
  beforeEach(() => {
    online = true;
    vi.spyOn(window.navigator, "onLine", "get").mockImplementation(() => online);
  });
  afterEach(() => {
    // Whatever the test left, the next one starts online (TanStack Query's onlineManager included).
    if (!online) announce(true);
  });
  return {
    goOffline: () => announce(false),
    goOnline: () => announce(true),
  };
}
