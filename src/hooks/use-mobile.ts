/** Whether the screen is a phone's (narrower than 768 px), live. */
import { useSyncExternalStore } from "react";

/** Small-screen breakpoint (SPEC 9): anything narrower than 768 px is "mobile". */
export const MOBILE_BREAKPOINT = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

function getMediaQueryList(): MediaQueryList | null {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
  try {
    return window.matchMedia(MOBILE_MEDIA_QUERY) ?? null;
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  const mql = getMediaQueryList();
  if (!mql) return () => {};
  // Modern browsers: addEventListener; older Safari and some test stubs: addListener only.
  if (typeof mql.addEventListener === "function") {
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener?.("change", onChange);
  }
  if (typeof mql.addListener === "function") {
    mql.addListener(onChange);
    return () => mql.removeListener?.(onChange);
  }
  return () => {};
}

function getSnapshot(): boolean {
  return getMediaQueryList()?.matches === true;
}

function getServerSnapshot(): boolean {
  return false;
}

/** True while the viewport is narrower than 768 px; follows resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
