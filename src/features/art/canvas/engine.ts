import getStroke from "perfect-freehand";
import FloodFill from "q-floodfill";
import { HistoryStore } from "./history";
import {
  BACKGROUND,
  baseLayout,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  clampLineWidth,
  curveControl,
  DEFAULT_COLOR,
  DEFAULT_LINE_WIDTH,
  FILL_TOLERANCE,
  HISTORY_LIMIT,
  INITIAL_VIEW,
  isInsideCanvas,
  strokeWidth,
  toCanvasPoint,
  zoomAt,
  zoomIn,
  zoomOut,
  type Layout,
  type Point,
  type Tool,
  type View,
} from "./rules";

/** One undo entry: the whole picture, and whether it is the untouched white page. */
export type Snapshot = { pixels: ImageData; blank: boolean };

export type EngineState = {
  tool: Tool;
  color: string;
  lineWidth: number;
  view: View;
  /** A background is locked: the eraser only takes away what was drawn after the lock. */
  locked: boolean;
  /** The picture is the untouched white page. */
  blank: boolean;
  /** The curve tool drew its line and waits for the drag that bends it. */
  curvePending: boolean;
};

export type PointerInfo = { pointerType: string; pressure: number };

type Stroke =
  | { kind: "freehand"; tool: "pencil" | "eraser"; last: Point }
  | { kind: "brush"; points: number[][]; simulate: boolean }
  | { kind: "shape"; tool: "circle" | "square" | "line"; start: Point; end: Point }
  | { kind: "curve-line"; start: Point; end: Point }
  | { kind: "curve-bend"; start: Point; end: Point; control: Point }
  | { kind: "pan"; last: Point };

type PendingCurve = { start: Point; end: Point; control: Point };

function createCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function context(canvas: HTMLCanvasElement, willReadFrequently = false): CanvasRenderingContext2D {
  const ctx = canvas.getContext("2d", { willReadFrequently });
  if (!ctx) throw new Error("This browser cannot draw on a canvas.");
  return ctx;
}

/** perfect-freehand's outline as a smooth closed path (its documented quadratic midpoint form). */
export function outlinePath(outline: number[][]): Path2D {
  const path = new Path2D();
  if (outline.length < 2) return path;
  const [first] = outline;
  path.moveTo(first![0]!, first![1]!);
  for (let i = 0; i < outline.length; i++) {
    const [x0, y0] = outline[i]!;
    const [x1, y1] = outline[(i + 1) % outline.length]!;
    path.quadraticCurveTo(x0!, y0!, (x0! + x1!) / 2, (y0! + y1!) / 2);
  }
  path.closePath();
  return path;
}

export function brushOutline(points: number[][], lineWidth: number, simulatePressure: boolean): number[][] {
  return getStroke(points, {
    size: Math.max(2, lineWidth * 1.6),
    thinning: 0.6,
    smoothing: 0.5,
    streamline: 0.45,
    simulatePressure,
    last: true,
  });
}

/**
 * The drawing itself, without React: an 800x500 picture (the exported PNG, pixel for pixel), its undo
 * history, the locked background, the tools and the view (zoom, pan). A display canvas shows it scaled
 * to the screen's pixel density, with the stroke in progress drawn on top. State is read through
 * `subscribe`/`getState` (useSyncExternalStore).
 */
export class DrawingEngine {
  readonly picture: HTMLCanvasElement;
  readonly history = new HistoryStore<Snapshot>(HISTORY_LIMIT);
  private onChange: (() => void) | null = null;

  private ctx: CanvasRenderingContext2D;
  private lockCanvas: HTMLCanvasElement | null = null;
  private eraserPattern: CanvasPattern | null = null;
  private state: EngineState = {
    tool: "pencil",
    color: DEFAULT_COLOR,
    lineWidth: DEFAULT_LINE_WIDTH,
    view: INITIAL_VIEW,
    locked: false,
    blank: true,
    curvePending: false,
  };
  private listeners = new Set<() => void>();
  private stroke: Stroke | null = null;
  private pendingCurve: PendingCurve | null = null;
  private display: HTMLCanvasElement | null = null;
  private displayCtx: CanvasRenderingContext2D | null = null;
  /** A transparent canvas above the display for the stroke in progress: the picture is not redrawn per move. */
  private overlay: HTMLCanvasElement | null = null;
  private overlayCtx: CanvasRenderingContext2D | null = null;
  private pictureDirty = true;
  private viewport = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT, dpr: 1 };
  private layout: Layout = baseLayout(CANVAS_WIDTH, CANVAS_HEIGHT);
  private frame = 0;

  constructor() {
    this.picture = createCanvas(CANVAS_WIDTH, CANVAS_HEIGHT);
    this.ctx = context(this.picture, true);
    this.paintWhite();
    this.history.reset(this.snapshot(true));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): EngineState => this.state;

  /** Called after every change worth saving (a finished stroke, undo, redo, clear, lock); one listener. */
  onPictureChange(listener: () => void): () => void {
    this.onChange = listener;
    return () => {
      if (this.onChange === listener) this.onChange = null;
    };
  }

  private set(patch: Partial<EngineState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  // ---------------------------------------------------------------------------------------------
  // Display

  attach(display: HTMLCanvasElement, overlay?: HTMLCanvasElement): void {
    this.display = display;
    this.displayCtx = context(display);
    this.overlay = overlay ?? null;
    this.overlayCtx = overlay ? context(overlay) : null;
    this.requestRender();
  }

  detach(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.display = null;
    this.displayCtx = null;
    this.overlay = null;
    this.overlayCtx = null;
  }

  /** The display's CSS size and pixel density: its backing store is that size times the density. */
  resize(width: number, height: number, dpr: number): void {
    const w = Math.max(1, width);
    const h = Math.max(1, height);
    const density = Math.max(1, Math.min(dpr || 1, 4));
    this.viewport = { width: w, height: h, dpr: density };
    this.layout = baseLayout(w, h);
    for (const canvas of [this.display, this.overlay]) {
      if (!canvas) continue;
      canvas.width = Math.round(w * density);
      canvas.height = Math.round(h * density);
    }
    this.requestRender();
  }

  /** Draw on the next frame; `picture: false` when only the stroke in progress changed. */
  requestRender(picture = true): void {
    if (picture) this.pictureDirty = true;
    if (this.frame || !this.display) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Draw the picture and the stroke in progress on the display (one frame). */
  render(): void {
    const ctx = this.displayCtx;
    const display = this.display;
    if (!ctx || !display) return;
    const overlay = this.overlayCtx;
    if (this.pictureDirty || !overlay) {
      this.pictureDirty = false;
      this.transformView(ctx, display);
      // Magnified pixels stay sharp; a reduced picture is smoothed.
      ctx.imageSmoothingEnabled = ctx.getTransform().a < 2;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(this.picture, 0, 0);
      if (!overlay) this.drawClippedPreview(ctx);
    }
    if (overlay && this.overlay) {
      this.transformView(overlay, this.overlay);
      this.drawClippedPreview(overlay);
    }
  }

  /** Cleared, with the picture's coordinates mapped to the screen's pixels. */
  private transformView(ctx: CanvasRenderingContext2D, canvas: HTMLCanvasElement): void {
    const { dpr } = this.viewport;
    const { view } = this.state;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const s = this.layout.scale * view.zoom * dpr;
    ctx.setTransform(
      s,
      0,
      0,
      s,
      (this.layout.offsetX + view.panX) * dpr,
      (this.layout.offsetY + view.panY) * dpr,
    );
  }

  private drawClippedPreview(ctx: CanvasRenderingContext2D): void {
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    ctx.clip();
    this.drawPreview(ctx);
    ctx.restore();
  }

  private drawPreview(ctx: CanvasRenderingContext2D): void {
    const stroke = this.stroke;
    if (stroke?.kind === "brush") {
      ctx.fillStyle = this.state.color;
      ctx.fill(outlinePath(brushOutline(stroke.points, this.state.lineWidth, stroke.simulate)));
    } else if (stroke?.kind === "shape") {
      this.strokeShape(ctx, stroke.tool, stroke.start, stroke.end);
    } else if (stroke?.kind === "curve-line") {
      this.strokeShape(ctx, "line", stroke.start, stroke.end);
    } else if (stroke?.kind === "curve-bend") {
      this.strokeCurve(ctx, stroke);
    } else if (this.pendingCurve) {
      this.strokeCurve(ctx, this.pendingCurve);
      // Where to drag: a small handle in the middle of the line.
      const mid = {
        x: (this.pendingCurve.start.x + this.pendingCurve.end.x) / 2,
        y: (this.pendingCurve.start.y + this.pendingCurve.end.y) / 2,
      };
      ctx.setLineDash([4, 4]);
      ctx.lineWidth = 1.5 / (this.layout.scale * this.state.view.zoom);
      ctx.strokeStyle = "#2563eb";
      ctx.beginPath();
      ctx.arc(mid.x, mid.y, 8 / (this.layout.scale * this.state.view.zoom), 0, Math.PI * 2);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Settings and view

  setTool(tool: Tool): void {
    if (tool === this.state.tool) return;
    this.commitPendingCurve();
    this.set({ tool });
  }

  setColor(color: string): void {
    if (/^#[0-9a-f]{6}$/i.test(color)) this.set({ color: color.toLowerCase() });
  }

  setLineWidth(width: number): void {
    this.set({ lineWidth: clampLineWidth(width) });
  }

  private setView(view: View): void {
    this.set({ view });
    this.requestRender();
  }

  private centre(): Point {
    return { x: this.viewport.width / 2, y: this.viewport.height / 2 };
  }

  zoomIn(): void {
    this.setView(zoomAt(this.state.view, zoomIn(this.state.view.zoom), this.centre(), this.layout));
  }

  zoomOut(): void {
    this.setView(zoomAt(this.state.view, zoomOut(this.state.view.zoom), this.centre(), this.layout));
  }

  /** Zoom to `zoom` around a viewport point (wheel, pinch). */
  zoomTo(zoom: number, anchor: Point): void {
    this.setView(zoomAt(this.state.view, zoom, anchor, this.layout));
  }

  panBy(dx: number, dy: number): void {
    const { view } = this.state;
    this.setView({ ...view, panX: view.panX + dx, panY: view.panY + dy });
  }

  resetView(): void {
    this.setView(INITIAL_VIEW);
  }

  toCanvas(point: Point): Point {
    return toCanvasPoint(point, this.state.view, this.layout);
  }

  // ---------------------------------------------------------------------------------------------
  // Strokes (points are viewport CSS pixels)

  get drawing(): boolean {
    return this.stroke !== null;
  }

  pointerDown(viewportPoint: Point, info: PointerInfo): void {
    if (this.stroke) return;
    const p = this.toCanvas(viewportPoint);
    const { tool } = this.state;
    if (tool === "pan") {
      this.stroke = { kind: "pan", last: viewportPoint };
      return;
    }
    if (tool === "curve" && this.pendingCurve) {
      const { start, end } = this.pendingCurve;
      this.stroke = { kind: "curve-bend", start, end, control: curveControl(start, end, p) };
      this.pendingCurve = null;
      this.requestRender(false);
      return;
    }
    switch (tool) {
      case "fill":
        this.fill(p);
        return;
      case "pencil":
      case "eraser":
        this.stroke = { kind: "freehand", tool, last: p };
        this.segment(p, p);
        return;
      case "brush": {
        const simulate = info.pointerType !== "pen";
        this.stroke = { kind: "brush", points: [[p.x, p.y, simulate ? 0.5 : info.pressure]], simulate };
        break;
      }
      case "circle":
      case "square":
      case "line":
        this.stroke = { kind: "shape", tool, start: p, end: p };
        break;
      case "curve":
        this.stroke = { kind: "curve-line", start: p, end: p };
        break;
    }
    this.requestRender(false);
  }

  /** One or more points of a move (the browser's coalesced points, in order). */
  pointerMove(viewportPoints: Point[], info: PointerInfo): void {
    const stroke = this.stroke;
    if (!stroke || viewportPoints.length === 0) return;
    if (stroke.kind === "pan") {
      const last = viewportPoints[viewportPoints.length - 1]!;
      this.panBy(last.x - stroke.last.x, last.y - stroke.last.y);
      stroke.last = last;
      return;
    }
    const points = viewportPoints.map((v) => this.toCanvas(v));
    const end = points[points.length - 1]!;
    switch (stroke.kind) {
      case "freehand":
        for (const p of points) {
          this.segment(stroke.last, p);
          stroke.last = p;
        }
        break;
      case "brush":
        for (const p of points) stroke.points.push([p.x, p.y, stroke.simulate ? 0.5 : info.pressure]);
        break;
      case "shape":
      case "curve-line":
        stroke.end = end;
        break;
      case "curve-bend":
        stroke.control = curveControl(stroke.start, stroke.end, end);
        break;
    }
    this.requestRender(false);
  }

  /** The end of a stroke: it goes into the picture and one snapshot is recorded. */
  pointerUp(): void {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    switch (stroke.kind) {
      case "pan":
        return;
      case "freehand":
        break;
      case "brush":
        this.ctx.fillStyle = this.state.color;
        this.ctx.fill(outlinePath(brushOutline(stroke.points, this.state.lineWidth, stroke.simulate)));
        break;
      case "shape":
        this.strokeShape(this.ctx, stroke.tool, stroke.start, stroke.end);
        break;
      case "curve-line":
        // The line waits for a second drag that bends it (nothing recorded yet).
        if (Math.hypot(stroke.end.x - stroke.start.x, stroke.end.y - stroke.start.y) < 1) {
          this.requestRender(false);
          return;
        }
        this.pendingCurve = {
          start: stroke.start,
          end: stroke.end,
          control: { x: (stroke.start.x + stroke.end.x) / 2, y: (stroke.start.y + stroke.end.y) / 2 },
        };
        this.set({ curvePending: true });
        this.requestRender(false);
        return;
      case "curve-bend":
        this.strokeCurve(this.ctx, stroke);
        this.set({ curvePending: false });
        break;
    }
    this.commit();
  }

  /** A stroke interrupted (a second finger, the browser taking the pointer): as if it never began. */
  cancelStroke(): void {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    if (stroke.kind === "freehand") this.show(this.history.current()!);
    if (stroke.kind === "curve-bend") {
      this.pendingCurve = { start: stroke.start, end: stroke.end, control: stroke.control };
    }
    this.requestRender();
  }

  /** A curve left waiting when the tool changes is kept as the straight line it is. */
  private commitPendingCurve(): void {
    if (!this.pendingCurve) return;
    this.strokeCurve(this.ctx, this.pendingCurve);
    this.pendingCurve = null;
    this.set({ curvePending: false });
    this.commit();
  }

  private strokeStyleFor(tool: Tool): string | CanvasPattern {
    if (tool !== "eraser") return this.state.color;
    // With a locked background the eraser paints the locked picture back: only later strokes go.
    return this.eraserPattern ?? BACKGROUND;
  }

  private segment(from: Point, to: Point): void {
    const stroke = this.stroke;
    if (stroke?.kind !== "freehand") return;
    const ctx = this.ctx;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = strokeWidth(stroke.tool, this.state.lineWidth);
    ctx.strokeStyle = this.strokeStyleFor(stroke.tool);
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(to.x + (from.x === to.x && from.y === to.y ? 0.01 : 0), to.y);
    ctx.stroke();
    this.requestRender();
  }

  private strokeShape(
    ctx: CanvasRenderingContext2D,
    tool: "circle" | "square" | "line",
    a: Point,
    b: Point,
  ): void {
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.lineWidth = this.state.lineWidth;
    ctx.strokeStyle = this.state.color;
    ctx.beginPath();
    if (tool === "circle") {
      ctx.arc(a.x, a.y, Math.hypot(b.x - a.x, b.y - a.y), 0, Math.PI * 2);
    } else if (tool === "square") {
      ctx.rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y));
    } else {
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
  }

  private strokeCurve(ctx: CanvasRenderingContext2D, curve: PendingCurve): void {
    ctx.lineCap = "round";
    ctx.lineWidth = this.state.lineWidth;
    ctx.strokeStyle = this.state.color;
    ctx.beginPath();
    ctx.moveTo(curve.start.x, curve.start.y);
    ctx.quadraticCurveTo(curve.control.x, curve.control.y, curve.end.x, curve.end.y);
    ctx.stroke();
  }

  /** Flood fill from a point with a tolerance, so anti-aliased edges fill cleanly (q-floodfill). */
  fill(p: Point): boolean {
    if (!isInsideCanvas(p)) return false;
    const image = this.ctx.getImageData(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    const filler = new FloodFill(image);
    filler.fill(this.state.color, Math.floor(p.x), Math.floor(p.y), FILL_TOLERANCE);
    if (filler.modifiedPixelsCount === 0) return false;
    this.ctx.putImageData(image, 0, 0);
    this.commit(image);
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // History, lock, clear

  private snapshot(blank: boolean, pixels?: ImageData): Snapshot {
    return { pixels: pixels ?? this.ctx.getImageData(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT), blank };
  }

  private commit(pixels?: ImageData): void {
    this.history.push(this.snapshot(false, pixels));
    this.set({ blank: false });
    this.requestRender();
    this.onChange?.();
  }

  private show(entry: Snapshot): void {
    this.ctx.putImageData(entry.pixels, 0, 0);
    this.set({ blank: entry.blank });
    this.requestRender();
  }

  undo(): boolean {
    if (this.stroke) return false;
    if (this.pendingCurve) {
      // The waiting line is not in the picture yet: undo drops it.
      this.pendingCurve = null;
      this.set({ curvePending: false });
      this.requestRender();
      return true;
    }
    const entry = this.history.undo();
    if (!entry) return false;
    this.show(entry);
    this.onChange?.();
    return true;
  }

  redo(): boolean {
    if (this.stroke) return false;
    const entry = this.history.redo();
    if (!entry) return false;
    this.show(entry);
    this.onChange?.();
    return true;
  }

  private paintWhite(): void {
    this.ctx.save();
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.globalCompositeOperation = "source-over";
    this.ctx.fillStyle = BACKGROUND;
    this.ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    this.ctx.restore();
  }

  private setLock(canvas: HTMLCanvasElement | null): void {
    this.lockCanvas = canvas;
    this.eraserPattern = canvas ? this.ctx.createPattern(canvas, "no-repeat") : null;
    this.set({ locked: canvas !== null });
  }

  /** Clear paints white, unlocks the background and records a snapshot (SPEC 4.6). */
  clear(): void {
    this.stroke = null;
    this.pendingCurve = null;
    this.paintWhite();
    this.setLock(null);
    this.history.push(this.snapshot(true));
    this.set({ blank: true, curvePending: false });
    this.requestRender();
    this.onChange?.();
  }

  /** Lock stores the current picture as the background; unlock forgets it. */
  toggleLock(): void {
    this.commitPendingCurve();
    if (this.lockCanvas) {
      this.setLock(null);
    } else {
      const copy = createCanvas(CANVAS_WIDTH, CANVAS_HEIGHT);
      context(copy).drawImage(this.picture, 0, 0);
      this.setLock(copy);
    }
    this.onChange?.();
  }

  /** The locked background, if any (saved with the drawing). */
  get lockedPicture(): HTMLCanvasElement | null {
    return this.lockCanvas;
  }

  /** A picture (an upload) placed on white, fitted and centred, as a new step of the drawing. */
  placePicture(source: CanvasImageSource, width: number, height: number): void {
    this.stroke = null;
    this.pendingCurve = null;
    this.paintWhite();
    const scale = Math.min(CANVAS_WIDTH / width, CANVAS_HEIGHT / height);
    const w = width * scale;
    const h = height * scale;
    this.ctx.imageSmoothingQuality = "high";
    this.ctx.drawImage(source, (CANVAS_WIDTH - w) / 2, (CANVAS_HEIGHT - h) / 2, w, h);
    this.setLock(null);
    this.set({ curvePending: false });
    this.commit();
  }

  /** A drawing saved earlier becomes the first snapshot (reload, coming back to the page). */
  restore(picture: CanvasImageSource, locked: CanvasImageSource | null): void {
    this.paintWhite();
    this.ctx.drawImage(picture, 0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    if (locked) {
      const copy = createCanvas(CANVAS_WIDTH, CANVAS_HEIGHT);
      context(copy).drawImage(locked, 0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
      this.setLock(copy);
    }
    this.history.reset(this.snapshot(false));
    this.set({ blank: false });
    this.requestRender();
  }

  /** The picture as a PNG of exactly 800x500, whatever the zoom or the screen. */
  toBlob(canvas: HTMLCanvasElement = this.picture): Promise<Blob> {
    return new Promise((resolve, reject) => {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error("The drawing could not be saved as PNG."))),
        "image/png",
      );
    });
  }
}
