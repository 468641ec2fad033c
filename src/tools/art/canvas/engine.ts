/**
 * The drawing, without React: one object the component talks to. It holds the state the toolbar shows
 * (tool, colour, width, view, locked, blank, a curve waiting), takes pointer input in viewport CSS
 * pixels, and runs the steps that change the picture as a whole: undo, redo, clear, lock, placing an
 * upload, restoring a saved drawing, exporting a PNG. The tools' strokes are ./strokes, the pixels,
 * history and lock ./picture, the display ./renderer. State is read through `subscribe`/`getState`
 * (useSyncExternalStore).
 */
import { toast } from "sonner";
import { PART_FAILED_MESSAGE } from "@/components/on-demand";
import { loadBrush, loadFloodFill } from "./paint";
import { DrawingPicture, type PictureCanvas, type Snapshot } from "./picture";
import { CanvasRenderer } from "./renderer";
import {
  clampLineWidth,
  DEFAULT_COLOR,
  DEFAULT_LINE_WIDTH,
  INITIAL_VIEW,
  toCanvasPoint,
  zoomAt,
  zoomIn,
  zoomOut,
  type Point,
  type Tool,
  type View,
} from "./rules";
import { StrokeMachine, type PointerInfo } from "./strokes";

const KEYBOARD: PointerInfo = { pointerType: "keyboard", pressure: 0.5 };

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

export class DrawingEngine {
  private doc = new DrawingPicture();
  /** The 800x500 picture: what is exported, pixel for pixel. */
  readonly picture = this.doc.canvas;
  readonly history = this.doc.history;
  private onChange: (() => void) | null = null;
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
  private strokes = new StrokeMachine({
    picture: this.doc,
    settings: () => this.state,
    requestRender: (picture) => this.renderer.requestRender(picture),
    commit: (pixels) => this.commit(pixels),
    curvePending: (curvePending) => this.set({ curvePending }),
    revert: () => this.show(this.doc.revert()),
    failed: (error) => {
      console.error("Could not fetch the fill tool's code", error);
      toast.error(PART_FAILED_MESSAGE);
    },
  });
  private renderer = new CanvasRenderer({
    picture: this.picture,
    view: () => this.state.view,
    preview: (ctx, scale) => {
      this.strokes.preview(ctx, scale);
      this.onTop?.(ctx, scale);
    },
  });
  /** Painted above the stroke in progress (the keyboard's cursor), in the picture's coordinates. */
  private onTop: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null = null;

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
  // Display (./renderer)

  attach(display: HTMLCanvasElement, overlay?: HTMLCanvasElement): void {
    this.renderer.attach(display, overlay);
  }

  detach(): void {
    this.renderer.detach();
  }

  /** The display's CSS size and pixel density. */
  resize(width: number, height: number, dpr: number): void {
    this.renderer.resize(width, height, dpr);
  }

  /** Draw the picture and the stroke in progress on the display now (one frame). */
  render(): void {
    this.renderer.render();
  }

  // ---------------------------------------------------------------------------------------------
  // Settings and view

  setTool(tool: Tool): void {
    if (tool === this.state.tool) return;
    // The fill's code comes as its tool is chosen, so the first tap fills at once.
    if (tool === "fill") loadFloodFill().catch(() => undefined);
    if (tool === "brush") loadBrush().catch(() => undefined);
    this.strokes.commitPendingCurve();
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
    this.renderer.requestRender();
  }

  zoomIn(): void {
    this.zoomTo(zoomIn(this.state.view.zoom), this.renderer.centre());
  }

  zoomOut(): void {
    this.zoomTo(zoomOut(this.state.view.zoom), this.renderer.centre());
  }

  /** Zoom to `zoom` around a viewport point (wheel, pinch, the zoom buttons). */
  zoomTo(zoom: number, anchor: Point): void {
    this.setView(zoomAt(this.state.view, zoom, anchor, this.renderer.layout));
  }

  panBy(dx: number, dy: number): void {
    const { view } = this.state;
    this.setView({ ...view, panX: view.panX + dx, panY: view.panY + dy });
  }

  resetView(): void {
    this.setView(INITIAL_VIEW);
  }

  toCanvas(point: Point): Point {
    return toCanvasPoint(point, this.state.view, this.renderer.layout);
  }

  // ---------------------------------------------------------------------------------------------
  // Strokes (./strokes); points are viewport CSS pixels

  pointerDown(viewportPoint: Point, info: PointerInfo): void {
    this.strokes.down(this.toCanvas(viewportPoint), info);
  }

  /** One or more points of a move (the browser's coalesced points, in order). */
  pointerMove(viewportPoints: Point[], info: PointerInfo): void {
    if (!this.strokes.drawing) return;
    const points = viewportPoints.map((v) => this.toCanvas(v));
    this.strokes.move(points, info);
  }

  /** The end of a stroke: it goes into the picture and one snapshot is recorded. */
  pointerUp(): void {
    this.strokes.up();
  }

  // Keyboard drawing (./keyboard-pen): points are picture pixels

  /** A stroke is in progress. */
  get drawing(): boolean {
    return this.strokes.drawing;
  }

  penDown(p: Point): void {
    this.strokes.down(p, KEYBOARD);
  }

  penMove(p: Point): void {
    if (this.strokes.drawing) this.strokes.move([p], KEYBOARD);
  }

  /** Paint `paint` above the picture and the stroke from the next frame on (null: nothing). */
  paintOnTop(paint: ((ctx: CanvasRenderingContext2D, scale: number) => void) | null): void {
    this.onTop = paint;
    this.renderer.requestRender(false);
  }

  /** A stroke interrupted (a second finger, the browser taking the pointer): as if it never began. */
  cancelStroke(): void {
    this.strokes.cancel();
  }

  /** Flood fill from a picture point; whether anything changed. */
  fill(p: Point): Promise<boolean> {
    return this.strokes.fill(p);
  }

  // ---------------------------------------------------------------------------------------------
  // The picture as a whole (./picture)

  /** A finished step: recorded for undo, shown, and saved. */
  private commit(pixels?: ImageData): void {
    this.doc.record(false, pixels);
    this.set({ blank: false });
    this.renderer.requestRender();
    this.onChange?.();
  }

  private show(entry: Snapshot): void {
    this.set({ blank: entry.blank });
    this.renderer.requestRender();
  }

  undo(): boolean {
    if (this.strokes.drawing) return false;
    return this.strokes.dropPendingCurve() || this.stepTo(this.doc.undo());
  }

  redo(): boolean {
    if (this.strokes.drawing) return false;
    return this.stepTo(this.doc.redo());
  }

  private stepTo(entry: Snapshot | undefined): boolean {
    if (!entry) return false;
    this.show(entry);
    this.onChange?.();
    return true;
  }

  /** Clear paints white, unlocks the background and records a snapshot (SPEC 4.6). */
  clear(): void {
    this.strokes.reset();
    this.doc.clear();
    this.set({ locked: false, blank: true, curvePending: false });
    this.renderer.requestRender();
    this.onChange?.();
  }

  /** Lock stores the current picture as the background; unlock forgets it. */
  toggleLock(): void {
    this.strokes.commitPendingCurve();
    this.set({ locked: this.doc.toggleLock() });
    this.onChange?.();
  }

  /** The locked background, if any (saved with the drawing). */
  get lockedPicture(): PictureCanvas | null {
    return this.doc.locked;
  }

  /** A picture (an upload) placed on white, fitted and centred, as a new step of the drawing. */
  placePicture(source: CanvasImageSource, width: number, height: number): void {
    this.strokes.reset();
    this.doc.place(source, width, height);
    this.set({ locked: false, curvePending: false, blank: false });
    this.renderer.requestRender();
    this.onChange?.();
  }

  /** A drawing saved earlier becomes the first snapshot (reload, coming back to the page). */
  restore(picture: CanvasImageSource, locked: CanvasImageSource | null): void {
    this.doc.restore(picture, locked);
    this.set({ locked: this.doc.locked !== null, blank: false });
    this.renderer.requestRender();
  }

  /** The picture (or `canvas`, the locked background) as a PNG of exactly 800x500. */
  toBlob(canvas: PictureCanvas = this.picture): Promise<Blob> {
    return this.doc.toPng(canvas);
  }
}
