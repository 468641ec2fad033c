/**
 * Parts of a page whose code is a chunk of its own: fetched on demand, preloaded on hover or focus. A
 * part is the module `<stem>.lazy.tsx` beside the module `<stem>.tsx` that wraps it here
 * (docs/architecture.md "Loading").
 */
import {
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type JSX,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from "react";
import { toast } from "sonner";
import { LazyBoundary } from "@/components/lazy-boundary";

export const PART_FAILED_MESSAGE =
  "This part of the app could not be loaded. Check your connection and try again.";

/**
 * A part of the page whose code is a chunk of its own. `preload()` starts the fetch (hover, focus);
 * `<Part fallback onFailed {...props} />` renders it, showing `fallback` while the code is on its way.
 * A chunk that cannot be fetched (offline, or a new deploy removed it) says so in a toast and calls
 * `onFailed`; the next render fetches it again.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const fetchOnce = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const makeLazy = () => lazy(() => fetchOnce().then((component) => ({ default: component })));
  // Replaced after a failed load: React.lazy keeps a failure for good, and the next try should fetch again.
  let Lazy = makeLazy();

  function Part({ fallback, onFailed, ...props }: { fallback: ReactNode; onFailed: () => void } & P) {
    // A new boundary for every try after a failed load.
    const [attempt, setAttempt] = useState(0);
    const failed = () => {
      toast.error(PART_FAILED_MESSAGE);
      Lazy = makeLazy();
      setAttempt((n) => n + 1);
      onFailed();
    };
    return (
      <LazyBoundary key={attempt} fallback={fallback} onError={failed}>
        <Suspense fallback={fallback}>
          <Lazy {...(props as unknown as P & JSX.IntrinsicAttributes)} />
        </Suspense>
      </LazyBoundary>
    );
  }

  /** Start fetching the code now; a failure is left for the render to report. */
  Part.preload = () => {
    fetchOnce().catch(() => {});
  };
  return Part;
}

type OpenableProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * A dialog (or drawer) whose code is fetched the first time it opens, or earlier by `preload()` (on
 * hover or focus of what opens it, so the click stays instant). Nothing is in the page until the first
 * opening; after that it stays mounted, so it keeps its state and plays its closing animation. A chunk
 * that cannot be fetched says so, closes, and is fetched again on the next opening.
 */
export function onDemand<P extends OpenableProps>(load: () => Promise<ComponentType<P>>) {
  const Part = lazyPart(load);

  function OnDemand(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    const failed = () => {
      setOpened(false);
      props.onOpenChange(false);
    };
    return <Part fallback={null} onFailed={failed} {...props} />;
  }

  OnDemand.preload = Part.preload;
  return OnDemand;
}

export type PressedBy = "pointer" | "key";

const OPEN_KEYS = new Set(["ArrowDown", "ArrowUp"]);

/**
 * For a stand-in (a plain button that looks like the real control) whose real part is a lazyPart:
 * hover, touch and focus start fetching the part; a press (click, Enter, Space, or an arrow key, as a
 * menu button or select opens) records how it was pressed, so the caller mounts the part already open
 * in the stand-in's place. `reset` goes back to the stand-in (the part could not be fetched).
 */
export function usePressToLoad(part: { preload: () => void }) {
  const [pressed, setPressed] = useState<PressedBy | null>(null);
  const press = (by: PressedBy) => {
    part.preload();
    setPressed(by);
  };
  const standInProps = {
    onPointerEnter: part.preload,
    onTouchStart: part.preload,
    onFocus: part.preload,
    onClick(event: MouseEvent) {
      // A click with no pointer (detail 0) is Enter or Space on the focused button.
      if (!pressed) press(event.detail === 0 ? "key" : "pointer");
    },
    onKeyDown(event: KeyboardEvent) {
      if (pressed || !OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      press("key");
    },
  };
  return { pressed, standInProps, reset: () => setPressed(null) };
}
