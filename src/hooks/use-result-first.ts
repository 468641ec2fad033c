/** On a phone, brings a result that has just shown up to the top of the screen, under the top bar. */
import { useEffect, useRef } from "react";
import { MOBILE_MEDIA_QUERY } from "@/hooks/use-mobile";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/** Resolves once every picture in `element` has its size (loaded or failed), so the page is as tall as it will be. */
function picturesSized(element: HTMLElement): Promise<unknown> {
  const loading = [...element.querySelectorAll("img")].filter((img) => !img.complete);
  return Promise.all(
    loading.map(
      (img) =>
        new Promise((resolve) => {
          img.addEventListener("load", resolve, { once: true });
          img.addEventListener("error", resolve, { once: true });
        }),
    ),
  );
}

/**
 * A ref for the element that holds a result (give it a `scroll-mt-*` the height of the top bar and a
 * gap). Each time `result` changes to a new one, on screens narrower than 768 px, the page scrolls so
 * that element starts at the top (once its pictures have their size): the result and its actions first,
 * the page's heading above them. Smooth, unless the visitor asked for less motion. Wider screens show
 * the page as it is.
 */
export function useResultFirst<T extends HTMLElement>(result: string | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!result || !element || !matches(MOBILE_MEDIA_QUERY)) return;
    let current = true;
    void picturesSized(element).then(() => {
      if (!current) return;
      element.scrollIntoView({
        block: "start",
        behavior: matches(REDUCED_MOTION_QUERY) ? "auto" : "smooth",
      });
    });
    return () => {
      current = false;
    };
  }, [result]);
  return ref;
}
