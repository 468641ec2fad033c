/** The poem on the page: its lines coming in one after another, in rotating colours. */
import { useEffect, useLayoutEffect, useRef } from "react";
import { usePrefersReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import "./poem.css";

/** SPEC 9: the lines rotate through six colours (each readable on the light and the dark theme). */
export const POEM_COLOURS = [
  "text-rose-600 dark:text-rose-400",
  "text-amber-700 dark:text-amber-300",
  "text-emerald-700 dark:text-emerald-400",
  "text-sky-700 dark:text-sky-400",
  "text-violet-600 dark:text-violet-400",
  "text-fuchsia-700 dark:text-fuchsia-400",
] as const;

/** SPEC 9: a staggered entrance of 100 ms per line. */
export const LINE_STAGGER_MS = 100;

type Clock = { start: number | null };

/**
 * One line: its entrance starts `index` x 100 ms after the poem's first line appeared (at once when
 * that moment has passed, as for a line that streams in late). No animation under reduced motion.
 */
function PoemLine({ text, index, clock }: { text: string; index: number; clock: React.RefObject<Clock> }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const still = usePrefersReducedMotion();
  useLayoutEffect(() => {
    if (still) return;
    const now = performance.now();
    clock.current.start ??= now;
    const delay = Math.max(0, clock.current.start + index * LINE_STAGGER_MS - now);
    if (ref.current) ref.current.style.animationDelay = `${Math.round(delay)}ms`;
  }, [clock, index, still]);
  return (
    <p
      ref={ref}
      data-testid="poem-line"
      // poem.css animates .poem-line only without reduced motion; here no entrance is even scheduled.
      className={cn(!still && "poem-line", "min-h-[1lh]", POEM_COLOURS[index % POEM_COLOURS.length])}
    >
      {text}
    </p>
  );
}

/** The poem, line by line in rotating colours (SPEC 2.12). Text only: never parsed as HTML. */
export function PoemView({ text, streaming }: { text: string; streaming: boolean }) {
  const clock = useRef<Clock>({ start: null });
  const empty = text.trim() === "";
  // Blank lines inside the poem stay (stanza breaks); leading and trailing ones do not.
  const shown = empty
    ? []
    : text
        .replace(/^\s*\n/, "")
        .trimEnd()
        .split("\n")
        .map((l) => l.trimEnd());
  useEffect(() => {
    if (empty) clock.current.start = null;
  }, [empty]);
  return (
    <div
      aria-busy={streaming || undefined}
      className="space-y-1 font-serif text-lg leading-relaxed font-medium sm:text-xl"
      data-testid="poem"
    >
      {shown.map((line, i) => (
        <PoemLine key={i} index={i} text={line} clock={clock} />
      ))}
    </div>
  );
}
