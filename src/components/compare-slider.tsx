/**
 * The before/after slider fetched on demand: its code is out of every first load; the result shows
 * meanwhile. Also what brings a new result to the top of a phone's screen (useResultFirst), done by the
 * same chunk.
 */
import { useEffect, useRef, useState } from "react";
import { lazyPart } from "@/components/on-demand";
import { cn } from "@/lib/utils";
import type { CompareSliderProps } from "./compare-slider.lazy";

/** The slider's chunk (also what brings a result to the top of a phone's screen, useResultFirst). */
const loadCompareSlider = () => import("./compare-slider.lazy");

const SliderPart = lazyPart(() => loadCompareSlider().then((m) => m.CompareSlider));

/** Starts fetching the slider's code: a result view calls it as it shows the photo, before the result. */
export const preloadCompareSlider = SliderPart.preload;

/**
 * The compare slider once its code is here (at once when preloaded); until then, or if it cannot be
 * fetched (the failure is said once), its picture on the result, in the same place and size.
 */
export function LazyCompareSlider(props: CompareSliderProps) {
  const [failed, setFailed] = useState(false);
  // The slider's picture without its range: the original gives the size (it is already shown, so it
  // has one at once), the result covers it.
  const still = (
    <figure className={cn("mx-auto w-full max-w-xl", props.className)}>
      <div className="relative mx-auto w-fit max-w-full overflow-hidden rounded-xl border bg-muted">
        <img
          src={props.before}
          alt=""
          className={cn("block h-auto w-auto max-w-full", props.imageClassName)}
        />
        <img
          src={props.after}
          alt={props.labels?.after ?? "Result"}
          className="absolute inset-0 h-full w-full object-cover"
        />
      </div>
    </figure>
  );
  if (failed) return still;
  return <SliderPart fallback={still} onFailed={() => setFailed(true)} {...props} />;
}

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
