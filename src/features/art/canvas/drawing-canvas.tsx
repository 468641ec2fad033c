import { useEffect, useId, useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import {
  Brush,
  Circle,
  Eraser,
  Hand,
  Lock,
  LockOpen,
  Maximize,
  Minus,
  PaintBucket,
  Pencil,
  Redo2,
  Spline,
  Square,
  Trash2,
  Undo2,
  Wand2,
  ZoomIn,
  ZoomOut,
  type LucideIcon,
} from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DrawingEngine } from "./engine";
import { useDrawingStorage } from "./use-drawing-storage";
import {
  MAX_LINE_WIDTH,
  MIN_LINE_WIDTH,
  MAX_ZOOM,
  MIN_ZOOM,
  TOOL_LABELS,
  TOOL_SHORTCUTS,
  TOOLS,
  toolForKey,
  zoomPercent,
  type Point,
  type Tool,
} from "./rules";

const TOOL_ICONS: Record<Tool, LucideIcon> = {
  pencil: Pencil,
  brush: Brush,
  eraser: Eraser,
  fill: PaintBucket,
  circle: Circle,
  square: Square,
  line: Minus,
  curve: Spline,
  pan: Hand,
};

const CURSORS: Record<Tool, string> = {
  pencil: "crosshair",
  brush: "crosshair",
  eraser: "cell",
  fill: "crosshair",
  circle: "crosshair",
  square: "crosshair",
  line: "crosshair",
  curve: "crosshair",
  pan: "grab",
};

export type PictureToPlace = { url: string; width: number; height: number; id: number };

type DrawingCanvasProps = {
  /** Whose drawing this is (saved per user on this device). */
  userId: string | null;
  /** The AI is working: Transform is off (drawing goes on). */
  busy?: boolean;
  /** The finished drawing as an 800x500 PNG. */
  onTransform: (png: Blob) => void;
  /** An uploaded picture to draw over (placed once per id). */
  place?: PictureToPlace | null;
  /** Whether the canvas is on screen: keyboard shortcuts only work then (default true). */
  active?: boolean;
};

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(el?.closest?.("input, textarea, select, [contenteditable='true'], [role='dialog']"));
}

function createEngine(): DrawingEngine | null {
  try {
    return new DrawingEngine();
  } catch {
    return null;
  }
}

/**
 * The drawing canvas (SPEC 2.10, 4.6, 9 "Canvas"): an 800x500 picture drawn with mouse, pen or finger
 * alike, its toolbar, zoom and pan, undo/redo/clear, the background lock, and "Transform".
 */
export function DrawingCanvas({ userId, busy, onTransform, place, active = true }: DrawingCanvasProps) {
  const [engine] = useState(createEngine);
  if (!engine) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Drawing is not available in this browser</AlertTitle>
        <AlertDescription>Upload a picture instead, or open this page in a current browser.</AlertDescription>
      </Alert>
    );
  }
  return (
    <Canvas
      engine={engine}
      userId={userId}
      busy={busy}
      onTransform={onTransform}
      place={place}
      active={active}
    />
  );
}

function Canvas({
  engine,
  userId,
  busy,
  onTransform,
  place,
  active,
}: DrawingCanvasProps & { engine: DrawingEngine }) {
  const state = useSyncExternalStore(engine.subscribe, engine.getState);
  const history = useSyncExternalStore(engine.history.subscribe, engine.history.getState);
  const viewportRef = useRef<HTMLDivElement>(null);
  const displayRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [spaceHeld, setSpaceHeld] = useState(false);
  const [exporting, setExporting] = useState(false);
  const widthId = useId();
  const colourId = useId();
  const hintId = useId();
  const storage = useDrawingStorage(engine, userId);

  // Pointers on the canvas: one draws (or pans); two touches pinch-zoom.
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<
    | { kind: "draw" | "pan"; id: number; last: Point }
    | { kind: "pinch"; distance: number; mid: Point; zoom: number }
    | null
  >(null);

  // The display canvas follows its box and the screen's pixel density.
  useEffect(() => {
    const viewport = viewportRef.current;
    const display = displayRef.current;
    if (!viewport || !display) return;
    engine.attach(display, overlayRef.current ?? undefined);
    const measure = () => {
      const rect = viewport.getBoundingClientRect();
      engine.resize(rect.width, rect.height, window.devicePixelRatio || 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    // A change of pixel density (moving the window to another screen, browser zoom).
    let media: MediaQueryList | null = null;
    const watchDensity = () => {
      media?.removeEventListener("change", onDensity);
      media = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      media.addEventListener("change", onDensity);
    };
    function onDensity() {
      measure();
      watchDensity();
    }
    watchDensity();
    return () => {
      observer.disconnect();
      media?.removeEventListener("change", onDensity);
      engine.detach();
    };
  }, [engine]);

  // Ctrl/Cmd + wheel (and a trackpad pinch) zooms around the pointer; it must not zoom the page.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const rect = viewport.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * 0.0015);
      engine.zoomTo(engine.getState().view.zoom * factor, {
        x: e.clientX - rect.left,
        y: e.clientY - rect.top,
      });
    };
    viewport.addEventListener("wheel", onWheel, { passive: false });
    return () => viewport.removeEventListener("wheel", onWheel);
  }, [engine]);

  // Keyboard: undo/redo, a letter per tool, space to pan (only while the canvas is shown).
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === "z") {
        e.preventDefault();
        if (e.shiftKey) engine.redo();
        else engine.undo();
        return;
      }
      if (mod && key === "y") {
        e.preventDefault();
        engine.redo();
        return;
      }
      if (mod) return;
      if (e.key === " " && (e.target === document.body || e.target === displayRef.current)) {
        e.preventDefault();
        setSpaceHeld(true);
        return;
      }
      const tool = toolForKey(key);
      if (tool && !e.shiftKey) engine.setTool(tool);
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === " ") setSpaceHeld(false);
    };
    const onBlur = () => setSpaceHeld(false);
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("keyup", onKeyUp);
    window.addEventListener("blur", onBlur);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("keyup", onKeyUp);
      window.removeEventListener("blur", onBlur);
    };
  }, [active, engine]);

  // An uploaded picture to draw over.
  const placed = useRef<number | null>(null);
  useEffect(() => {
    if (!place || placed.current === place.id || !storage.ready) return;
    placed.current = place.id;
    const image = new Image();
    image.onload = () =>
      engine.placePicture(image, place.width || image.naturalWidth, place.height || image.naturalHeight);
    image.src = place.url;
  }, [engine, place, storage.ready]);

  function local(e: { clientX: number; clientY: number }): Point {
    const rect = viewportRef.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  }

  function startPinch() {
    const [a, b] = [...pointers.current.values()];
    if (!a || !b) return;
    engine.cancelStroke();
    gesture.current = {
      kind: "pinch",
      distance: Math.max(1, Math.hypot(b.x - a.x, b.y - a.y)),
      mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      zoom: engine.getState().view.zoom,
    };
  }

  function onPointerDown(e: PointerEvent<HTMLCanvasElement>) {
    if (e.pointerType === "mouse" && e.button !== 0 && e.button !== 1) return;
    e.preventDefault();
    e.currentTarget.focus({ preventScroll: true });
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2 && e.pointerType === "touch") {
      startPinch();
      return;
    }
    if (gesture.current) return;
    const pan = spaceHeld || e.button === 1 || state.tool === "pan";
    gesture.current = { kind: pan ? "pan" : "draw", id: e.pointerId, last: p };
    if (!pan) engine.pointerDown(p, { pointerType: e.pointerType, pressure: e.pressure });
  }

  function onPointerMove(e: PointerEvent<HTMLCanvasElement>) {
    if (!pointers.current.has(e.pointerId)) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch") {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const distance = Math.max(1, Math.hypot(b.x - a.x, b.y - a.y));
      engine.panBy(mid.x - g.mid.x, mid.y - g.mid.y);
      engine.zoomTo((g.zoom * distance) / g.distance, mid);
      g.mid = mid;
      g.distance = distance;
      g.zoom = engine.getState().view.zoom;
      return;
    }
    if (g.id !== e.pointerId) return;
    if (g.kind === "pan") {
      engine.panBy(p.x - g.last.x, p.y - g.last.y);
      g.last = p;
      return;
    }
    const coalesced =
      typeof e.nativeEvent.getCoalescedEvents === "function" ? e.nativeEvent.getCoalescedEvents() : [];
    const points = coalesced.length > 0 ? coalesced.map(local) : [p];
    engine.pointerMove(points, { pointerType: e.pointerType, pressure: e.pressure });
  }

  function onPointerEnd(e: PointerEvent<HTMLCanvasElement>, cancelled: boolean) {
    if (!pointers.current.delete(e.pointerId)) return;
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch") {
      if (pointers.current.size === 0) gesture.current = null;
      return;
    }
    if (g.id !== e.pointerId) return;
    gesture.current = null;
    if (g.kind === "draw") {
      if (cancelled) engine.cancelStroke();
      else engine.pointerUp();
    }
  }

  async function transform() {
    if (exporting) return;
    setExporting(true);
    try {
      onTransform(await engine.toBlob());
    } finally {
      setExporting(false);
    }
  }

  function clear() {
    setConfirmClear(false);
    engine.clear();
  }

  const cursor = spaceHeld ? "grab" : CURSORS[state.tool];

  return (
    <section aria-label="Drawing" className="space-y-3">
      <div role="toolbar" aria-label="Drawing tools" className="flex flex-wrap items-center gap-1 sm:gap-1.5">
        {TOOLS.map((tool) => {
          const Icon = TOOL_ICONS[tool];
          const selected = state.tool === tool;
          return (
            <Button
              key={tool}
              type="button"
              size="icon"
              className="size-8 sm:size-9"
              variant={selected ? "default" : "outline"}
              aria-label={TOOL_LABELS[tool]}
              aria-pressed={selected}
              aria-keyshortcuts={TOOL_SHORTCUTS[tool].toUpperCase()}
              title={`${TOOL_LABELS[tool]} (${TOOL_SHORTCUTS[tool].toUpperCase()})`}
              onClick={() => engine.setTool(tool)}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
      </div>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex items-center gap-2">
          <label htmlFor={colourId} className="text-sm font-medium">
            Colour
          </label>
          <input
            id={colourId}
            type="color"
            value={state.color}
            onChange={(e) => engine.setColor(e.currentTarget.value)}
            className="h-9 w-11 cursor-pointer rounded-md border bg-background p-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={widthId} className="text-sm font-medium whitespace-nowrap">
            Line width
          </label>
          <input
            id={widthId}
            type="range"
            min={MIN_LINE_WIDTH}
            max={MAX_LINE_WIDTH}
            step={1}
            value={state.lineWidth}
            onChange={(e) => engine.setLineWidth(Number(e.currentTarget.value))}
            className="h-9 w-28 cursor-pointer accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:w-36"
          />
          <output htmlFor={widthId} className="w-6 text-sm tabular-nums">
            {state.lineWidth}
          </output>
        </div>
        <div className="flex items-center gap-1" role="group" aria-label="Zoom">
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Zoom out"
            title="Zoom out"
            disabled={state.view.zoom <= MIN_ZOOM}
            onClick={() => engine.zoomOut()}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <output
            aria-live="polite"
            aria-label="Zoom level"
            className="w-12 text-center text-sm tabular-nums"
          >
            {zoomPercent(state.view.zoom)}
          </output>
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Zoom in"
            title="Zoom in"
            disabled={state.view.zoom >= MAX_ZOOM}
            onClick={() => engine.zoomIn()}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button
            type="button"
            size="icon"
            variant="outline"
            aria-label="Reset view"
            title="Reset view (100%)"
            onClick={() => engine.resetView()}
          >
            <Maximize aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        <Button
          type="button"
          size="icon"
          variant="outline"
          aria-label="Undo"
          aria-keyshortcuts="Control+Z Meta+Z"
          title="Undo (Ctrl+Z)"
          disabled={!history.canUndo && !state.curvePending}
          onClick={() => engine.undo()}
        >
          <Undo2 aria-hidden="true" />
        </Button>
        <Button
          type="button"
          size="icon"
          variant="outline"
          aria-label="Redo"
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          title="Redo (Shift+Ctrl+Z)"
          disabled={!history.canRedo}
          onClick={() => engine.redo()}
        >
          <Redo2 aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant={state.locked ? "secondary" : "outline"}
          aria-pressed={state.locked}
          onClick={() => engine.toggleLock()}
          title="Keep what is drawn now: the eraser then only removes later strokes"
        >
          {state.locked ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
          Lock background
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => (state.blank ? engine.clear() : setConfirmClear(true))}
          onPointerEnter={ConfirmDialog.preload}
          onFocus={ConfirmDialog.preload}
          disabled={state.blank && !state.locked && !state.curvePending}
        >
          <Trash2 aria-hidden="true" />
          Clear
        </Button>
      </div>

      <div
        ref={viewportRef}
        className="relative h-[350px] w-full touch-none overflow-hidden overscroll-contain rounded-xl border bg-muted select-none has-[canvas:focus-visible]:border-ring has-[canvas:focus-visible]:ring-[3px] has-[canvas:focus-visible]:ring-ring/50 md:h-[500px]"
      >
        <canvas
          ref={displayRef}
          role="img"
          aria-label="Drawing canvas"
          aria-describedby={hintId}
          tabIndex={0}
          data-testid="drawing-canvas"
          className="absolute inset-0 block size-full touch-none outline-none"
          style={{ cursor }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(e) => onPointerEnd(e, false)}
          onPointerCancel={(e) => onPointerEnd(e, true)}
          onLostPointerCapture={(e) => onPointerEnd(e, false)}
          onContextMenu={(e) => e.preventDefault()}
        />
        <canvas
          ref={overlayRef}
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 block size-full"
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {state.curvePending
          ? "Drag anywhere to bend the curve."
          : "Draw with a mouse, pen or finger. Pinch or Ctrl + wheel to zoom; hold Space and drag (or use Pan) to move."}
        {storage.error && ` ${storage.error}`}
      </p>

      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          size="lg"
          onClick={() => void transform()}
          disabled={busy || exporting || state.blank}
        >
          <Wand2 aria-hidden="true" />
          Transform
        </Button>
        {state.blank && (
          <p className="text-sm text-muted-foreground">Draw something first, then transform it.</p>
        )}
      </div>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear the drawing?"
        description="The canvas becomes white again and the background is unlocked. Undo brings the drawing back."
        cancelLabel="Keep drawing"
        confirmLabel="Clear drawing"
        onConfirm={clear}
        destructive
      />
    </section>
  );
}
