/** On a phone, brings a result that has just shown up to the top of the screen, under the top bar. */
import { useEffect, useRef } from "react";
import { loadCompareSlider } from "@/components/compare-slider";

/**
 * A ref for the element that holds a result (give it a `scroll-mt-*` the height of the top bar and a
 * gap). Each time `result` changes to a new one, on screens narrower than 768 px, the page scrolls so
 * that element starts at the top (once its pictures have their size): the result and its actions first,
 * the page's heading above them. Smooth, unless the visitor asked for less motion. Wider screens show
 * the page as it is. The scrolling is done by the slider's chunk (bringResultToTop), which a result
 * shows anyway.
 */
export function useResultFirst<T extends HTMLElement>(result: string | null | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!result || !element) return;
    let current = true;
    loadCompareSlider()
      .then(({ bringResultToTop }) => bringResultToTop(element, () => current))
      // The slider's own stand-in says when its code cannot be fetched; the page then stays where it is.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [result]);
  return ref;
}
