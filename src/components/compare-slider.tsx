/**
 * The before/after slider fetched on demand: its code is out of every first load; the result shows
 * meanwhile. Also what brings a new result into view on every tool (useResultFirst), done by the same
 * chunk, and the one layout of a result's compare view with its actions (CompareWithActions).
 */
import { useState, type ReactNode } from "react";
import { lazyPart } from "@/components/on-demand";
import { cn } from "@/lib/utils";
import type { CompareSliderProps } from "./compare-slider.lazy";

/** The slider's chunk. */
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
          alt={props.pictureNames?.after ?? props.labels?.after ?? "Result"}
          className="absolute inset-0 h-full w-full object-cover"
        />
      </div>
    </figure>
  );
  if (failed) return still;
  return <SliderPart fallback={still} onFailed={() => setFailed(true)} {...props} />;
}

/**
 * A result's one compare view (the slider: the result over its original) and its actions: under it on
 * phones and tablets, beside it from 1024 px, so a laptop shows the picture and every action on one
 * screen. `children` are the actions and what is said of them (a cost note, a description).
 */
export function CompareWithActions({
  slider,
  children,
}: {
  slider: CompareSliderProps;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(14rem,18rem)] lg:items-start">
      <LazyCompareSlider {...slider} className={cn("lg:mx-0 lg:max-w-none", slider.className)} />
      <div className="flex flex-col gap-3" data-testid="result-actions">
        {children}
      </div>
    </div>
  );
}

export { useResultFirst } from "./result-first";
