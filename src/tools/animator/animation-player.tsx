/** The character's animation on the page: the loop with Pause and Play, its frames, the GIF download. */
import { useEffect, useId, useState } from "react";
import { Download, Pause, Play } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePrefersReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import { FRAME_DELAY_MS } from "./gif";
import type { AnimationFrame } from "./run-animator";

type AnimationPlayerProps = {
  frames: AnimationFrame[];
  onDownloadGif: () => void;
  disabled?: boolean;
};

/**
 * Plays the frames in a loop (about 6 a second) with Pause / Play and a strip of the frames to step
 * through while paused. With reduced motion asked for, nothing moves: the frames are shown side by side.
 */
export function AnimationPlayer({ frames, onDownloadGif, disabled }: AnimationPlayerProps) {
  const reducedMotion = usePrefersReducedMotion();
  const headingId = useId();
  const [playing, setPlaying] = useState(true);
  const [current, setCurrent] = useState(0);
  const animating = playing && !reducedMotion && frames.length > 1;

  useEffect(() => {
    if (!animating) return;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % frames.length), FRAME_DELAY_MS);
    return () => window.clearInterval(timer);
  }, [animating, frames.length]);

  const shown = frames[Math.min(current, frames.length - 1)];
  const count = frames.length;

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t pt-4">
      {/* The page's second level (under the page's h1): a skipped level confuses heading navigation. */}
      <h2 id={headingId} className="font-semibold">
        Animation
      </h2>
      {reducedMotion ? (
        <>
          <p className="text-sm text-muted-foreground">
            Your device asks for reduced motion, so the {count} frames are shown side by side. The GIF still
            plays when you open it.
          </p>
          <ol className="grid grid-cols-2 gap-2">
            {frames.map((frame, i) => (
              <li key={frame.url + i}>
                <img
                  src={frame.url}
                  alt={`Frame ${i + 1} of ${count}`}
                  width={frame.width}
                  height={frame.height}
                  className="h-auto w-full rounded-lg border bg-muted object-contain"
                />
              </li>
            ))}
          </ol>
        </>
      ) : (
        shown && (
          <>
            <div className="relative">
              <img
                src={shown.url}
                alt="Animated character"
                width={shown.width}
                height={shown.height}
                data-frame={current + 1}
                className="mx-auto h-auto max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
              />
              <span
                className="absolute top-2 right-2 rounded-full bg-background/85 px-2 py-0.5 text-xs font-medium tabular-nums shadow-sm"
                aria-hidden="true"
              >
                {current + 1} / {count}
              </span>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setPlaying((p) => !p)}
                aria-label={playing ? "Pause animation" : "Play animation"}
              >
                {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                {playing ? "Pause" : "Play"}
              </Button>
              <ol className="flex gap-1.5" aria-label="Frames">
                {frames.map((frame, i) => (
                  <li key={frame.url + i}>
                    <button
                      type="button"
                      onClick={() => {
                        setPlaying(false);
                        setCurrent(i);
                      }}
                      aria-label={`Show frame ${i + 1} of ${count}`}
                      aria-current={i === current ? "true" : undefined}
                      className={cn(
                        "block size-11 overflow-hidden rounded-md border-2 bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        i === current ? "border-primary" : "border-transparent opacity-80 hover:opacity-100",
                      )}
                    >
                      <img src={frame.url} alt="" className="size-full object-cover" />
                    </button>
                  </li>
                ))}
              </ol>
            </div>
          </>
        )
      )}
      <Button type="button" onClick={onDownloadGif} disabled={disabled}>
        <Download aria-hidden="true" />
        Download GIF
      </Button>
    </section>
  );
}
