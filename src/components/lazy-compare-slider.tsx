/** The before/after slider fetched on demand: its code is out of every first load; the result shows meanwhile. */
import { useState } from "react";
import { lazyPart } from "@/components/on-demand";
import { cn } from "@/lib/utils";
import type { CompareSliderProps } from "./compare-slider";

const SliderPart = lazyPart(() => import("./compare-slider").then((m) => m.CompareSlider));

/** Starts fetching the slider's code: a result view calls it as it shows the photo, before the result. */
export const preloadCompareSlider = SliderPart.preload;

/**
 * The compare slider once its code is here (at once when preloaded); until then, or if it cannot be
 * fetched (the failure is said once), the result alone, in the same place and size.
 */
export function LazyCompareSlider(props: CompareSliderProps) {
  const [failed, setFailed] = useState(false);
  const still = (
    <figure className={cn("mx-auto w-full max-w-xl", props.className)}>
      <img
        src={props.after}
        alt="Result"
        className={cn(
          "mx-auto block h-auto w-auto max-w-full rounded-xl border bg-muted",
          props.imageClassName,
        )}
      />
    </figure>
  );
  if (failed) return still;
  return <SliderPart fallback={still} onFailed={() => setFailed(true)} {...props} />;
}
