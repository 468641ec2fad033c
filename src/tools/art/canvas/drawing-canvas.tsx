/** The Art Enhancer's drawing canvas component: the picture, its toolbar and zoom controls, and Transform. */
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Wand2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CostNote } from "@/components/remaining-counter";
import { cn } from "@/lib/utils";
import { CanvasToolbar } from "./canvas-toolbar";
import { DrawingEngine } from "./engine";
import type { Tool } from "./rules";
import { useCanvasShortcuts } from "./use-canvas-shortcuts";
import { useDrawingStorage } from "./use-drawing-storage";
import { useKeyboardPen } from "./use-keyboard-pen";
import { usePointerGestures } from "./use-pointer-gestures";
import { useViewportSize } from "./use-viewport-size";
import { useWheelZoom } from "./use-wheel-zoom";
import { ZoomControls } from "./zoom-controls";

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
  /** How many conversions Transform uses (the results chosen; default 1). */
  cost?: number;
};

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
export function DrawingCanvas({ userId, busy, onTransform, place, active = true, cost }: DrawingCanvasProps) {
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
      cost={cost}
    />
  );
}

function Canvas({
  engine,
  userId,
  busy,
  onTransform,
  place,
  active = true,
  cost,
}: DrawingCanvasProps & { engine: DrawingEngine }) {
  const state = useSyncExternalStore(engine.subscribe, engine.getState);
  const history = useSyncExternalStore(engine.history.subscribe, engine.history.getState);
  const viewportRef = useRef<HTMLDivElement>(null);
  const displayRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [exporting, setExporting] = useState(false);
  const hintId = useId();
  const storage = useDrawingStorage(engine, userId);

  useViewportSize(engine, viewportRef, displayRef, overlayRef);
  useWheelZoom(engine, viewportRef);
  const spaceHeld = useCanvasShortcuts(engine, active, displayRef);
  const pointerHandlers = usePointerGestures(engine, viewportRef, spaceHeld);
  const keys = useKeyboardPen(engine, displayRef);

  // An uploaded picture to draw over, once the saved drawing (if any) has been restored.
  const placed = useRef<number | null>(null);
  useEffect(() => {
    if (!place || placed.current === place.id || !storage.ready) return;
    placed.current = place.id;
    const image = new Image();
    image.onload = () =>
      engine.placePicture(image, place.width || image.naturalWidth, place.height || image.naturalHeight);
    image.src = place.url;
  }, [engine, place, storage.ready]);

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

  return (
    <section aria-label="Drawing" className="space-y-2 sm:space-y-3">
      <CanvasToolbar
        engine={engine}
        state={state}
        history={history}
        onClear={() => (state.blank ? engine.clear() : setConfirmClear(true))}
      />

      {/* The box has the picture's shape (800x500), so the picture fills it edge to edge at 100%: at most
          800 px wide, one pixel of the picture to one of the screen on a desktop. Its edge is an outline,
          which takes no room from the picture. */}
      <div
        ref={viewportRef}
        data-testid="drawing-viewport"
        className={cn(
          "relative aspect-[8/5] w-full max-w-[800px] touch-none overflow-hidden overscroll-contain rounded-xl bg-muted outline-1 outline-border select-none",
          keys.keyboard && "ring-[3px] ring-ring/50 outline-ring",
        )}
      >
        <canvas
          ref={displayRef}
          role="img"
          aria-label="Drawing canvas"
          aria-describedby={hintId}
          tabIndex={0}
          data-testid="drawing-canvas"
          className="absolute inset-0 block size-full touch-none outline-none"
          style={{ cursor: spaceHeld ? "grab" : CURSORS[state.tool] }}
          {...pointerHandlers}
          {...keys.handlers}
        />
        <canvas
          ref={overlayRef}
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 block size-full"
        />
      </div>

      {/* Right under the picture, so it is in view once something is drawn, on a phone too; where the
          picture is taller than the window, it stays at the window's foot. */}
      <div className="sticky bottom-0 z-10 flex max-w-[800px] flex-wrap items-center gap-x-3 gap-y-2 bg-background py-2">
        <Button
          type="button"
          size="lg"
          onClick={() => void transform()}
          disabled={busy || exporting || state.blank}
        >
          <Wand2 aria-hidden="true" />
          Transform
        </Button>
        {state.blank ? (
          <p className="order-last basis-full text-sm text-muted-foreground sm:order-none sm:basis-auto">
            Draw something first, then transform it.
          </p>
        ) : (
          <CostNote cost={cost} className="order-last basis-full text-sm sm:order-none sm:basis-auto" />
        )}
        <ZoomControls engine={engine} zoom={state.view.zoom} className="ml-auto" />
      </div>

      <div id={hintId} className="max-w-[800px] space-y-1 text-xs text-muted-foreground">
        <p>
          {state.curvePending
            ? "Drag anywhere to bend the curve. With keys: Enter, move, then Enter again."
            : "Draw with a mouse, pen or finger. Pinch or Ctrl + wheel to zoom; hold Space and drag (or use Pan) to move."}
          {storage.error && ` ${storage.error}`}
        </p>
        <details className="group">
          <summary className="w-fit cursor-pointer rounded-sm font-medium outline-none select-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50">
            Drawing with the keyboard
          </summary>
          <p className="pt-1">
            Keyboard: arrows move the cursor (Shift: bigger steps), Enter or Space puts the pen down and lifts
            it (shapes: start, then end), Escape lets go. Each tool has its letter (shown on its tooltip);
            Ctrl + Z undoes.
          </p>
        </details>
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
