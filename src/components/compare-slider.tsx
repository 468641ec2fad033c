/** The before/after slider of a result over its original. */
import { useId, useState } from "react";

/** Before/after comparison: the result over the original, revealed up to a draggable divider. */
export function CompareSlider({ before, after }: { before: string; after: string }) {
  const [position, setPosition] = useState(50);
  const id = useId();
  return (
    <figure className="mx-auto w-full max-w-xl space-y-2">
      <div className="relative overflow-hidden rounded-xl border bg-muted" data-testid="compare-slider">
        <img src={before} alt="Original" className="block h-auto w-full select-none" draggable={false} />
        <img
          src={after}
          alt="Result"
          className="absolute inset-0 h-full w-full select-none object-cover"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
          draggable={false}
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.3)]"
          style={{ left: `${position}%` }}
        />
        <span className="absolute bottom-2 left-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">
          After
        </span>
        <span className="absolute right-2 bottom-2 rounded bg-black/60 px-2 py-0.5 text-xs text-white">
          Before
        </span>
      </div>
      <label htmlFor={id} className="sr-only">
        Compare before and after
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        value={position}
        onChange={(e) => setPosition(Number(e.target.value))}
        className="w-full accent-[var(--primary)]"
      />
      <figcaption className="text-center text-xs text-muted-foreground">
        Drag to compare before and after
      </figcaption>
    </figure>
  );
}
