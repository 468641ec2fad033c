/**
 * The before/after slider of a result over its original, fetched by compare-slider.tsx once a result
 * is shown.
 */
import { useEffect, useId, useRef, useState } from "react";
import { ChevronsLeftRight } from "lucide-react";
import { useIsMobile } from "@/hooks/use-mobile";
import { usePrefersReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";

/** Where the divider starts: 100 shows the whole result (phones: the result first), 50 half of each. */
const START_PHONE = 100;
const START_WIDE = 50;
/** The hint on phones that the picture can be compared: the divider glides in this far and back, once. */
const PEEK_TO = 82;

/** The names of the two pictures when they are not the original and its result (two versions of a photo). */
export type CompareLabels = { before: string; after: string };

/**
 * What the range says to a screen reader at `position` (the share of the picture that is the result, or
 * the `after` picture when `labels` name the two).
 */
export function compareValueText(position: number, labels?: CompareLabels): string {
  if (!labels) {
    if (position >= 100) return "Result only";
    if (position <= 0) return "Original only";
    return `${position}% result, ${100 - position}% original`;
  }
  if (position >= 100) return `${labels.after} only`;
  if (position <= 0) return `${labels.before} only`;
  return `${position}% ${labels.after}, ${100 - position}% ${labels.before}`;
}

const clip = (position: number) => `inset(0 ${100 - position}% 0 0)`;

export type CompareSliderProps = {
  before: string;
  after: string;
  /** The image's height cap (Tailwind classes), so the slider and what follows it fit a screen. */
  imageClassName?: string;
  className?: string;
  /** The two pictures' names; "Original" and "Result" when omitted. */
  labels?: CompareLabels;
  /**
   * What the two pictures are called on them (and to a screen reader) when a tool names its original and
   * result ("Base image", "Enhanced"), while the slider still compares "the result with the original".
   */
  pictureNames?: CompareLabels;
};

/**
 * Before/after comparison: the result over the original, shown up to a divider moved with the range
 * under it (drag, tap, arrow keys, Home and End). On phones it starts on the whole result and, unless the
 * visitor asked for less motion, shows once that it can slide; on wider screens it starts half and half.
 */
export function CompareSlider({
  before,
  after,
  imageClassName,
  className,
  labels,
  pictureNames,
}: CompareSliderProps) {
  const beforeName = pictureNames?.before ?? labels?.before ?? "Original";
  const afterName = pictureNames?.after ?? labels?.after ?? "Result";
  const what = labels ? `${labels.after} with ${labels.before}` : "the result with the original";
  const isMobile = useIsMobile();
  const reducedMotion = usePrefersReducedMotion();
  const [position, setPosition] = useState(isMobile ? START_PHONE : START_WIDE);
  const [touched, setTouched] = useState(false);
  const id = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const lineRef = useRef<HTMLDivElement>(null);
  const gripRef = useRef<HTMLDivElement>(null);

  // A new result starts over, on the result again on phones.
  const [shown, setShown] = useState(after);
  if (shown !== after) {
    setShown(after);
    setPosition(isMobile ? START_PHONE : START_WIDE);
    setTouched(false);
  }

  // The one-time peek (Web Animations: it changes no state, and stops the moment the range is used).
  const peek = isMobile && !reducedMotion && !touched && position === START_PHONE;
  useEffect(() => {
    const moving = [layerRef.current, lineRef.current, gripRef.current];
    if (!peek || moving.some((el) => !el || typeof el.animate !== "function")) return;
    const [layer, line, grip] = moving as HTMLElement[];
    const timing: KeyframeAnimationOptions = { duration: 1400, delay: 700, easing: "ease-in-out" };
    const frames = (style: (p: number) => Keyframe) => [style(100), style(PEEK_TO), style(100)];
    const animations = [
      layer.animate(
        frames((p) => ({ clipPath: clip(p) })),
        timing,
      ),
      line.animate(
        frames((p) => ({ left: `${p}%` })),
        timing,
      ),
      grip.animate(
        frames((p) => ({ left: `${p}%`, transform: `translateX(-${p}%)` })),
        timing,
      ),
    ];
    // Cancelling rejects an unfinished animation's `finished` promise (AbortError): expected here.
    return () =>
      animations.forEach((animation) => {
        animation.finished.catch(() => undefined);
        animation.cancel();
      });
  }, [peek, after]);

  return (
    <figure className={cn("mx-auto w-full max-w-xl space-y-2", className)}>
      <div
        className="relative mx-auto w-fit max-w-full overflow-hidden rounded-xl border bg-muted"
        data-testid="compare-slider"
      >
        <img
          src={before}
          alt={beforeName}
          className={cn("block h-auto w-auto max-w-full select-none", imageClassName)}
          draggable={false}
        />
        <span className="absolute right-2 bottom-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">
          {beforeName}
        </span>
        {/* The result and its label, cut off at the divider: at 100 they cover the original entirely. */}
        <div
          ref={layerRef}
          data-testid="compare-result-layer"
          className="absolute inset-0"
          style={{ clipPath: clip(position) }}
        >
          <img
            src={after}
            alt={afterName}
            className="h-full w-full select-none object-cover"
            draggable={false}
          />
          <span className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">
            {afterName}
          </span>
        </div>
        {/* The divider on the result's edge, and its grip, which stays inside the picture at both ends. */}
        <div
          ref={lineRef}
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.3)]"
          style={{ left: `${position}%` }}
        />
        <div
          ref={gripRef}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 -mt-4 flex size-8 items-center justify-center rounded-full border bg-background/90 text-foreground shadow"
          style={{ left: `${position}%`, transform: `translateX(-${position}%)` }}
        >
          <ChevronsLeftRight className="size-4" />
        </div>
      </div>
      <label htmlFor={id} className="sr-only">
        Compare {what}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        aria-valuetext={compareValueText(position, labels)}
        onChange={(e) => {
          setTouched(true);
          setPosition(Number(e.target.value));
        }}
        className="block h-6 w-full accent-[var(--primary)]"
      />
      <figcaption className="text-center text-xs text-muted-foreground">Slide to compare {what}</figcaption>
    </figure>
  );
}
