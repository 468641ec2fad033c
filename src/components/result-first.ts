/**
 * Brings a new result into view on every tool (useResultFirst). Its own small module, so a page without
 * a compare slider (the Animator) does not load the slider's front to use it; the scrolling is done by
 * result-first.lazy.ts, fetched when a result comes.
 */
import { useEffect, useRef } from "react";

/**
 * A ref for the element that holds a result (give it a `scroll-mt-*` the height of the top bar and a
 * gap). Each time `result` changes to a new one, once it is there and its pictures have their size, the
 * page brings that element into view: on screens narrower than 768 px always to the top (the result and
 * its actions first, the page's heading above them), on wider screens when it is not wholly on the
 * screen already (a result that lands below the fold, as an animation under its character). Smooth,
 * unless the visitor asked for less motion.
 */
export function useResultFirst<T extends HTMLElement>(result: string | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!result || !element) return;
    let current = true;
    import("./result-first.lazy")
      .then(({ bringResultToTop }) => bringResultToTop(element, () => current))
      // The part could not be fetched: the page stays where it is (nothing else is lost).
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [result]);
  return ref;
}
