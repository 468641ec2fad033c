/**
 * (Fetched by area-editor.tsx when it first opens.) The mask editor of a region edit (issue 29 §1): the
 * photo with the area painted over it, a brush and an eraser with a size, Invert, Clear and Undo, zoom
 * (pinch on a phone, the buttons elsewhere); mouse, pen and finger alike, and the keyboard (arrows move
 * the brush, Space or Enter puts it down and lifts it). "Use this area" gives the area as a white-on-black
 * PNG of the photo's shape (at most MASK_MAX_SIDE px), which the run scales to the photo it sends.
 */
import { useCallback, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import {
  Brush,
  Eraser,
  FlipHorizontal2,
  SquareDashedMousePointer,
  Trash2,
  Undo2,
  X,
  ZoomIn,
  ZoomOut,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useObjectUrl } from "@/hooks/use-object-urls";
import { announce } from "@/lib/announce";
import { cn } from "@/lib/utils";

/** The area's resolution: its longer side (the run scales it to the photo sent). */
export const MASK_MAX_SIDE = 1024;
/** Brush sizes, as a share of the area's longer side (the slider's steps). */
const SIZES = [1, 2, 3, 4, 6, 8, 11, 15] as const;
const DEFAULT_SIZE = 4;
const UNDO_STEPS = 20;
const ZOOM_MIN = 1;
const ZOOM_MAX = 4;
/** The painted area's colour on screen (the canvas is shown at PAINT_OPACITY over the photo). */
const PAINT = "#ec4899";
/** The same colour as the pixels painted back (an area chosen before, an inverted one). */
const PAINT_RGB = [0xec, 0x48, 0x99] as const;

export type AreaEditorProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The photo to paint over, and its size (upright). */
  photo: { url: string; width: number; height: number };
  /** The area chosen before, to go on from (white on black). */
  initial?: Blob | null;
  /** The area, white on black, when the person presses "Use this area". */
  onDone: (mask: Blob) => void;
};

type Tool = "brush" | "eraser";
type Point = { x: number; y: number };

function maskSize(width: number, height: number) {
  const scale = Math.min(1, MASK_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function context(canvas: HTMLCanvasElement) {
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("Canvas 2D is not available");
  return ctx;
}

/** Whether any pixel is painted (the canvas's alpha). */
function painted(canvas: HTMLCanvasElement): boolean {
  const { data } = context(canvas).getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 3; i < data.length; i += 4) if (data[i]! >= 128) return true;
  return false;
}

/** The painted pixels as a white-on-black PNG. */
function exportMask(canvas: HTMLCanvasElement): Promise<Blob> {
  const { width, height } = canvas;
  const source = context(canvas).getImageData(0, 0, width, height).data;
  const out = document.createElement("canvas");
  out.width = width;
  out.height = height;
  const ctx = context(out);
  const image = ctx.createImageData(width, height);
  for (let i = 0; i < source.length; i += 4) {
    const v = source[i + 3]! >= 128 ? 255 : 0;
    image.data[i] = image.data[i + 1] = image.data[i + 2] = v;
    image.data[i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  return new Promise((resolve, reject) =>
    out.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The area could not be saved"))),
      "image/png",
    ),
  );
}

/** An area (white on black) painted back onto the canvas. */
async function drawInitial(canvas: HTMLCanvasElement, mask: Blob): Promise<void> {
  const bitmap = await createImageBitmap(mask);
  const { width, height } = canvas;
  const ctx = context(canvas);
  const scratch = document.createElement("canvas");
  scratch.width = width;
  scratch.height = height;
  const s = context(scratch);
  s.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const read = s.getImageData(0, 0, width, height).data;
  paintWhere(ctx, width, height, (i) => read[i]! >= 128);
}

/** The canvas painted (in the paint colour, opaque) exactly where `on(i)` holds, i the pixel's RGBA index. */
function paintWhere(
  ctx: CanvasRenderingContext2D,
  width: number,
  height: number,
  on: (i: number) => boolean,
): void {
  const image = ctx.createImageData(width, height);
  const [r, g, b] = PAINT_RGB;
  for (let i = 0; i < image.data.length; i += 4) {
    if (!on(i)) continue;
    image.data[i] = r;
    image.data[i + 1] = g;
    image.data[i + 2] = b;
    image.data[i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
}

export function AreaEditorContent({ open, onOpenChange, ...props }: AreaEditorProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[100dvh] gap-3 overflow-y-auto p-4 sm:max-w-3xl sm:p-6">
        {/* Mounted at each opening: it starts from the area chosen, unzoomed, with nothing to undo. */}
        <AreaEditorBody {...props} close={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AreaEditorBody({
  photo,
  initial,
  onDone,
  close,
}: Omit<AreaEditorProps, "open" | "onOpenChange"> & { close: () => void }) {
  const size = maskSize(photo.width, photo.height);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [tool, setTool] = useState<Tool>("brush");
  const [sizeIndex, setSizeIndex] = useState(DEFAULT_SIZE);
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [hasPaint, setHasPaint] = useState(false);
  const [canUndo, setCanUndo] = useState(false);
  const [saving, setSaving] = useState(false);
  const [cursor, setCursor] = useState<Point>({ x: size.width / 2, y: size.height / 2 });
  const [penDown, setPenDown] = useState(false);
  const [keyboard, setKeyboard] = useState(false);
  const undo = useRef<ImageData[]>([]);
  const stroke = useRef<{ id: number; last: Point } | null>(null);
  const pointers = useRef(new Map<number, Point>());
  const pinch = useRef<{ distance: number; zoom: number; mid: Point; pan: Point } | null>(null);
  const hintId = useId();
  const radius = (SIZES[sizeIndex]! / 100) * Math.max(size.width, size.height) * 0.5;

  // The canvas, once mounted (each time the editor opens): the area chosen before, if any.
  const attach = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      canvasRef.current = canvas;
      if (!canvas || !initial) return;
      void drawInitial(canvas, initial)
        .then(() => setHasPaint(painted(canvas)))
        .catch((error: unknown) => console.warn("Could not show the area chosen before", error));
    },
    [initial],
  );

  const snapshot = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    undo.current.push(context(canvas).getImageData(0, 0, canvas.width, canvas.height));
    if (undo.current.length > UNDO_STEPS) undo.current.shift();
    setCanUndo(true);
  }, []);

  const paintLine = useCallback(
    (from: Point, to: Point) => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const ctx = context(canvas);
      ctx.globalCompositeOperation = tool === "eraser" ? "destination-out" : "source-over";
      ctx.strokeStyle = PAINT;
      ctx.fillStyle = PAINT;
      ctx.lineWidth = radius * 2;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(to.x, to.y, radius, 0, Math.PI * 2);
      ctx.fill();
      ctx.globalCompositeOperation = "source-over";
    },
    [radius, tool],
  );

  const finishStroke = useCallback(() => {
    stroke.current = null;
    const canvas = canvasRef.current;
    if (canvas) setHasPaint(painted(canvas));
  }, []);

  /** A pointer's place on the area, in the area's pixels (zoom and pan included). */
  const toArea = (event: PointerEvent<HTMLElement>): Point => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) / rect.width) * size.width,
      y: ((event.clientY - rect.top) / rect.height) * size.height,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setKeyboard(false);
    if (pointers.current.size === 2) {
      // Two fingers: zoom and pan, and the stroke the first finger began is taken back.
      if (stroke.current) {
        const last = undo.current.pop();
        if (last) context(canvasRef.current!).putImageData(last, 0, 0);
        setCanUndo(undo.current.length > 0);
        stroke.current = null;
      }
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      pinch.current = {
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        zoom,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        pan,
      };
      return;
    }
    if (pointers.current.size > 2) return;
    snapshot();
    const at = toArea(event);
    stroke.current = { id: event.pointerId, last: at };
    paintLine(at, at);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const gesture = pinch.current;
    if (gesture && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const next = Math.min(
        ZOOM_MAX,
        Math.max(ZOOM_MIN, (gesture.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / gesture.distance),
      );
      setZoom(next);
      setPan({
        x: gesture.pan.x + (a.x + b.x) / 2 - gesture.mid.x,
        y: gesture.pan.y + (a.y + b.y) / 2 - gesture.mid.y,
      });
      return;
    }
    if (stroke.current?.id !== event.pointerId) return;
    const at = toArea(event);
    paintLine(stroke.current.last, at);
    stroke.current.last = at;
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (stroke.current?.id === event.pointerId) finishStroke();
  };

  const setZoomAround = (next: number) => {
    const z = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, next));
    setZoom(z);
    if (z === 1) setPan({ x: 0, y: 0 });
  };

  // The keyboard's brush: arrows move it (Shift: bigger steps), Space or Enter puts it down and lifts it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = (event.shiftKey ? 0.1 : 0.02) * Math.max(size.width, size.height);
    const moves: Record<string, Point> = {
      ArrowLeft: { x: -step, y: 0 },
      ArrowRight: { x: step, y: 0 },
      ArrowUp: { x: 0, y: -step },
      ArrowDown: { x: 0, y: step },
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setKeyboard(true);
      const next = {
        x: Math.min(size.width, Math.max(0, cursor.x + move.x)),
        y: Math.min(size.height, Math.max(0, cursor.y + move.y)),
      };
      if (penDown) paintLine(cursor, next);
      setCursor(next);
      if (penDown) setHasPaint(true);
      return;
    }
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      setKeyboard(true);
      if (penDown) {
        setPenDown(false);
        finishStroke();
        announce(tool === "eraser" ? "Eraser lifted." : "Brush lifted.");
      } else {
        snapshot();
        paintLine(cursor, cursor);
        setPenDown(true);
        setHasPaint(true);
        announce(
          tool === "eraser"
            ? "Erasing: move with the arrow keys, Space to lift."
            : "Painting: move with the arrow keys, Space to lift.",
        );
      }
    }
  };

  const onUndo = () => {
    const canvas = canvasRef.current;
    const last = undo.current.pop();
    if (!canvas || !last) return;
    context(canvas).putImageData(last, 0, 0);
    setCanUndo(undo.current.length > 0);
    setHasPaint(painted(canvas));
  };

  const onInvert = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    snapshot();
    const ctx = context(canvas);
    const was = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    paintWhere(ctx, canvas.width, canvas.height, (i) => was[i + 3]! < 128);
    setHasPaint(painted(canvas));
  };

  const onClear = () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    snapshot();
    context(canvas).clearRect(0, 0, canvas.width, canvas.height);
    setHasPaint(false);
  };

  const onUse = () => {
    const canvas = canvasRef.current;
    if (!canvas || !hasPaint || saving) return;
    setSaving(true);
    exportMask(canvas)
      .then((mask) => {
        onDone(mask);
        close();
      })
      .catch((error: unknown) => console.warn("Could not keep the area", error))
      .finally(() => setSaving(false));
  };

  const cursorStyle = {
    left: `${(cursor.x / size.width) * 100}%`,
    top: `${(cursor.y / size.height) * 100}%`,
    width: `${((radius * 2) / size.width) * 100}%`,
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Choose the area to change</DialogTitle>
        <DialogDescription>
          Paint over the part of the photo to change. Everything outside it stays exactly as it is.
        </DialogDescription>
      </DialogHeader>

      <div role="toolbar" aria-label="Area tools" className="flex flex-wrap items-center gap-2">
        <div role="radiogroup" aria-label="Tool" className="flex gap-1">
          {(
            [
              ["brush", "Brush", Brush],
              ["eraser", "Eraser", Eraser],
            ] as const
          ).map(([id, label, Icon]) => (
            <Button
              key={id}
              type="button"
              role="radio"
              aria-checked={tool === id}
              variant={tool === id ? "default" : "outline"}
              size="sm"
              onClick={() => setTool(id)}
            >
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span>Size</span>
          <input
            type="range"
            min={0}
            max={SIZES.length - 1}
            step={1}
            value={sizeIndex}
            onChange={(e) => setSizeIndex(Number(e.target.value))}
            aria-valuetext={`${SIZES[sizeIndex]} of ${SIZES[SIZES.length - 1]}`}
            className="w-28 accent-primary"
          />
        </label>
        <Button type="button" variant="outline" size="sm" onClick={onUndo} disabled={!canUndo}>
          <Undo2 aria-hidden="true" />
          Undo
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onInvert}>
          <FlipHorizontal2 aria-hidden="true" />
          Invert
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={onClear} disabled={!hasPaint}>
          <Trash2 aria-hidden="true" />
          Clear
        </Button>
        <div className="flex gap-1">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Zoom out"
            onClick={() => setZoomAround(zoom / 1.5)}
            disabled={zoom <= ZOOM_MIN}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Zoom in"
            onClick={() => setZoomAround(zoom * 1.5)}
            disabled={zoom >= ZOOM_MAX}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="relative overflow-hidden rounded-lg border bg-muted">
        <div
          role="application"
          aria-label="Photo: paint the area to change"
          aria-describedby={hintId}
          tabIndex={0}
          data-testid="area-canvas"
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (penDown) {
              setPenDown(false);
              finishStroke();
            }
          }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          className="relative mx-auto touch-none outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          style={{
            aspectRatio: `${size.width} / ${size.height}`,
            maxHeight: "60dvh",
            transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`,
            transformOrigin: "center",
            cursor: tool === "eraser" ? "cell" : "crosshair",
          }}
        >
          <img
            src={photo.url}
            alt=""
            draggable={false}
            className="pointer-events-none size-full object-fill"
          />
          <canvas
            ref={attach}
            width={size.width}
            height={size.height}
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 size-full opacity-55"
          />
          {keyboard && (
            <span
              aria-hidden="true"
              data-testid="area-cursor"
              className={cn(
                "pointer-events-none absolute aspect-square -translate-x-1/2 -translate-y-1/2 rounded-full border-2",
                penDown ? "border-white bg-pink-500/40" : "border-white",
              )}
              style={cursorStyle}
            />
          )}
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Mouse, pen or finger: paint; two fingers: zoom. Keyboard: arrows move the brush (Shift: bigger steps),
        Space or Enter puts it down and lifts it.
      </p>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button type="button" onClick={onUse} disabled={!hasPaint || saving}>
          Use this area
        </Button>
      </DialogFooter>
      {!hasPaint && (
        <p className="text-right text-xs text-muted-foreground" role="status">
          Paint over the photo first.
        </p>
      )}
    </>
  );
}

export type AreaControlProps = {
  /** The photo the area is painted on, and its size (upright). */
  photo: { url: string; width: number; height: number };
  /** The area chosen (white on black), or null. */
  area: Blob | null;
  onAreaChange: (area: Blob | null) => void;
  /** Converts the photo with the area now (a style tool); none where another button does (Convert Anything). */
  onConvert?: () => void;
  convertLabel?: string;
  disabled?: boolean;
};

/**
 * "Choose area" under a tool's photo (issue 29 §1): opens the editor; with an area chosen, a small
 * picture of it, the tool's action for it, "Edit area" and "Remove area".
 */
export function AreaControl({
  photo,
  area,
  onAreaChange,
  onConvert,
  convertLabel,
  disabled,
}: AreaControlProps) {
  const [open, setOpen] = useState(false);
  const areaUrl = useObjectUrl(area);
  return (
    <section
      aria-label="Area to change"
      className="flex flex-wrap items-center gap-2 rounded-lg border p-2 sm:p-3"
    >
      {area ? (
        <>
          {areaUrl && (
            <img
              src={areaUrl}
              alt="The area chosen: white changes, black stays"
              data-testid="area-preview"
              className="h-10 rounded border"
            />
          )}
          <p className="mr-auto text-sm">Only the area you chose changes.</p>
          {onConvert && (
            <Button type="button" size="sm" onClick={onConvert} disabled={disabled}>
              {convertLabel ?? "Convert the area"}
            </Button>
          )}
          <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)} disabled={disabled}>
            <Brush aria-hidden="true" />
            Edit area
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => onAreaChange(null)}
            disabled={disabled}
          >
            <X aria-hidden="true" />
            Remove area
          </Button>
        </>
      ) : (
        <>
          <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)} disabled={disabled}>
            <SquareDashedMousePointer aria-hidden="true" />
            Choose area
          </Button>
          <p className="text-sm text-muted-foreground">
            Change only part of the photo; the rest stays exactly as it is.
          </p>
        </>
      )}
      <AreaEditorContent
        open={open}
        onOpenChange={setOpen}
        photo={photo}
        initial={area}
        onDone={onAreaChange}
      />
    </section>
  );
}
