/**
 * The tools' state machine: how a pointer going down, moving and coming up (in the picture's
 * coordinates) becomes a stroke for each tool, what it previews while it is drawn, and what it leaves
 * in the picture when it ends. The curve tool takes two drags: the line, then its bend. The pan tool
 * draws nothing (the component moves the view). Recording steps and redrawing are the engine's.
 */
import {
  floodFill,
  paintBendHandle,
  paintCurve,
  paintSegment,
  paintStroke,
  type Curve,
  type Pen,
  type Stroke,
} from "./paint";
import type { DrawingPicture } from "./picture";
import { curveControl, strokeWidth, type Point, type Tool } from "./rules";

export type PointerInfo = { pointerType: string; pressure: number };

/** What strokes need from the engine. */
export type StrokeHost = {
  picture: DrawingPicture;
  /** The tool and pen now. */
  settings(): Pen & { tool: Tool };
  /** Redraw on the next frame; `picture: false` when only the preview changed. */
  requestRender(picture?: boolean): void;
  /** A finished stroke becomes a step of the drawing (`pixels`: the picture, already read). */
  commit(pixels?: ImageData): void;
  /** The curve tool's line starts or stops waiting for its bend. */
  curvePending(waiting: boolean): void;
  /** The picture goes back to the current step (a freehand stroke given up). */
  revert(): void;
  /** The fill's code could not be fetched (offline before it came): said once, the picture unchanged. */
  failed(error: unknown): void;
};

export class StrokeMachine {
  private stroke: Stroke | null = null;
  private pendingCurve: Curve | null = null;

  constructor(private readonly host: StrokeHost) {}

  /** A stroke is being drawn (undo and redo wait for its end). */
  get drawing(): boolean {
    return this.stroke !== null;
  }

  down(p: Point, info: PointerInfo): void {
    if (this.stroke) return;
    const { tool } = this.host.settings();
    if (tool === "curve" && this.pendingCurve) {
      const { start, end } = this.pendingCurve;
      this.stroke = { kind: "curve-bend", start, end, control: curveControl(start, end, p) };
      this.pendingCurve = null;
      this.host.requestRender(false);
      return;
    }
    switch (tool) {
      case "fill":
        this.fill(p).catch((error: unknown) => this.host.failed(error));
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
    this.host.requestRender(false);
  }

  /** One or more points of a move (the browser's coalesced points, in order). */
  move(points: Point[], info: PointerInfo): void {
    const stroke = this.stroke;
    if (!stroke || points.length === 0) return;
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
    this.host.requestRender(false);
  }

  /** The end of a stroke: it goes into the picture and becomes one step. */
  up(): void {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    if (stroke.kind === "curve-line") {
      // The line waits for a second drag that bends it (nothing recorded yet).
      const { start, end } = stroke;
      if (Math.hypot(end.x - start.x, end.y - start.y) >= 1) {
        this.pendingCurve = { start, end, control: { x: (start.x + end.x) / 2, y: (start.y + end.y) / 2 } };
        this.host.curvePending(true);
      }
      this.host.requestRender(false);
      return;
    }
    // A freehand stroke is in the picture already, segment by segment.
    paintStroke(this.host.picture.ctx, stroke, this.host.settings());
    if (stroke.kind === "curve-bend") this.host.curvePending(false);
    this.host.commit();
  }

  /** A stroke interrupted (a second finger, the browser taking the pointer): as if it never began. */
  cancel(): void {
    const stroke = this.stroke;
    if (!stroke) return;
    this.stroke = null;
    if (stroke.kind === "freehand") this.host.revert();
    if (stroke.kind === "curve-bend") {
      this.pendingCurve = { start: stroke.start, end: stroke.end, control: stroke.control };
    }
    this.host.requestRender();
  }

  /** A curve left waiting (the tool changes, the background is locked) is kept as the line it is. */
  commitPendingCurve(): void {
    if (!this.pendingCurve) return;
    paintCurve(this.host.picture.ctx, this.pendingCurve, this.host.settings());
    this.pendingCurve = null;
    this.host.curvePending(false);
    this.host.commit();
  }

  /** Undo of a waiting curve: it is not in the picture yet, so it is dropped. Whether there was one. */
  dropPendingCurve(): boolean {
    if (!this.pendingCurve) return false;
    this.pendingCurve = null;
    this.host.curvePending(false);
    this.host.requestRender();
    return true;
  }

  /** Forget the stroke and the waiting curve (the whole picture is being replaced). */
  reset(): void {
    this.stroke = null;
    this.pendingCurve = null;
  }

  /** The stroke in progress, or the curve waiting to be bent with its handle (`scale`: see paintBendHandle). */
  preview(ctx: CanvasRenderingContext2D, scale: number): void {
    const pen = this.host.settings();
    if (this.stroke && this.stroke.kind !== "freehand") {
      paintStroke(ctx, this.stroke, pen);
    } else if (this.pendingCurve) {
      paintCurve(ctx, this.pendingCurve, pen);
      paintBendHandle(ctx, this.pendingCurve, scale);
    }
  }

  private segment(from: Point, to: Point): void {
    const stroke = this.stroke;
    if (stroke?.kind !== "freehand") return;
    const { picture } = this.host;
    const { color, lineWidth } = this.host.settings();
    // With a locked background the eraser paints the locked picture back: only later strokes go.
    const style = stroke.tool === "eraser" ? picture.eraserStyle : color;
    paintSegment(picture.ctx, from, to, strokeWidth(stroke.tool, lineWidth), style);
    this.host.requestRender();
  }

  /** Flood fill from a point; whether anything changed (a fill of nothing records no step). */
  async fill(p: Point): Promise<boolean> {
    const pixels = await floodFill(this.host.picture.ctx, p, this.host.settings().color);
    if (!pixels) return false;
    this.host.commit(pixels);
    return true;
  }
}
