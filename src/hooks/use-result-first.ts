/** On a phone, brings a result that has just shown up to the top of the screen, under the top bar. */
import { useEffect, useRef } from "react";
import { MOBILE_MEDIA_QUERY } from "@/hooks/use-mobile";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/**
 * A ref for the element that holds a result (give it a `scroll-mt-*` the height of the top bar and a
 * gap). Each time `result` changes to a new one, on screens narrower than 768 px, the page scrolls so
 * that element starts at the top: the result and its actions first, the page's heading above them.
 * Smooth, unless the visitor asked for less motion. Wider screens show the page as it is.
 */
export function useResultFirst<T extends HTMLElement>(result: string | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!result || !matches(MOBILE_MEDIA_QUERY)) return;
    ref.current?.scrollIntoView({
      block: "start",
      behavior: matches(REDUCED_MOTION_QUERY) ? "auto" : "smooth",
    });
  }, [result]);
  return ref;
}
