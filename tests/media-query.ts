/** A stand-in for the browser's MediaQueryList (jsdom has none): what a faked `matchMedia` answers. */
import { vi } from "vitest";

/** A MediaQueryList for `query` that matches or not, and never changes. */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** `window.matchMedia` for this test, matching the queries `matches` says yes to. */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  vi.stubGlobal("matchMedia", (query: string) => fakeMediaQueryList(query, matches(query)));
}
