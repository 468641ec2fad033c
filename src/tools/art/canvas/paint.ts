/**
 * The drawing's paint operations as plain functions on a 2D context: freehand segments, the brush's
 * pressure outline, the shapes, the curve and its bend handle, the flood fill, the white page, a fitted
 * picture and a copy of a picture. They hold no state, so they run on any canvas: the picture, the preview
 * overlay, a test's canvas.
 */
import { createCanvas, type Canvas2D } from "@/lib/image/canvas";
import { loadOnce } from "@/lib/load-once";
import { BACKGROUND, CANVAS_HEIGHT, CANVAS_WIDTH, FILL_TOLERANCE, isInsideCanvas, type Point } from "./rules";

/** The colour and line width strokes are drawn with. */
export type Pen = { color: string; lineWidth: number };

export type ShapeTool = "circle" | "square" | "line";

/** A quadratic curve: the curve tool's line, bent through its control point. */
export type Curve = { start: Point; end: Point; control: Point };

/** A stroke in progress, in the picture's coordinates. */
export type Stroke =
  | { kind: "freehand"; tool: "pencil" | "eraser"; last: Point }
  | { kind: "brush"; points: number[][]; simulate: boolean }
  | { kind: "shape"; tool: ShapeTool; start: Point; end: Point }
  | { kind: "curve-line"; start: Point; end: Point }
  | ({ kind: "curve-bend" } & Curve);

export function context(canvas: HTMLCanvasElement, willReadFrequently = false): CanvasRenderingContext2D {
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

let getStroke: typeof import("perfect-freehand").default | undefined;
/**
 * perfect-freehand, fetched when the brush is first chosen (engine.setTool) or used, not in the
 * page's first load; fetched again after a failed fetch.
 */
export const loadBrush = loadOnce(() =>
  import("perfect-freehand").then((module) => {
    getStroke = module.default;
  }),
);

/** The brush's outline, or null while its code (perfect-freehand) is still coming. */
export function brushOutline(
  points: number[][],
  lineWidth: number,
  simulatePressure: boolean,
): number[][] | null {
  if (!getStroke) return null;
  return getStroke(points, {
    size: Math.max(2, lineWidth * 1.6),
    thinning: 0.6,
    smoothing: 0.5,
    streamline: 0.45,
    simulatePressure,
    last: true,
  });
}

/** One piece of a pencil or eraser line, with round ends; a single point still leaves a dot. */
export function paintSegment(
  ctx: CanvasRenderingContext2D,
  from: Point,
  to: Point,
  width: number,
  style: string | CanvasPattern,
): void {
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.lineWidth = width;
  ctx.strokeStyle = style;
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x + (from.x === to.x && from.y === to.y ? 0.01 : 0), to.y);
  ctx.stroke();
}

/** A circle (centre `a`, through `b`), a square (corners `a`, `b`) or a line from `a` to `b`. */
export function paintShape(
  ctx: CanvasRenderingContext2D,
  tool: ShapeTool,
  a: Point,
  b: Point,
  pen: Pen,
): void {
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  ctx.lineWidth = pen.lineWidth;
  ctx.strokeStyle = pen.color;
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

export function paintCurve(ctx: CanvasRenderingContext2D, curve: Curve, pen: Pen): void {
  ctx.lineCap = "round";
  ctx.lineWidth = pen.lineWidth;
  ctx.strokeStyle = pen.color;
  ctx.beginPath();
  ctx.moveTo(curve.start.x, curve.start.y);
  ctx.quadraticCurveTo(curve.control.x, curve.control.y, curve.end.x, curve.end.y);
  ctx.stroke();
}

/** Where to drag to bend a waiting curve: a dashed ring mid-line, sized in CSS pixels at `scale`. */
export function paintBendHandle(ctx: CanvasRenderingContext2D, curve: Curve, scale: number): void {
  const mid = { x: (curve.start.x + curve.end.x) / 2, y: (curve.start.y + curve.end.y) / 2 };
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1.5 / scale;
  ctx.strokeStyle = "#2563eb";
  ctx.beginPath();
  ctx.arc(mid.x, mid.y, 8 / scale, 0, Math.PI * 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * A brush, shape or curve stroke as it stands: the preview while it is drawn, the picture when it
 * ends. A freehand stroke paints itself segment by segment and has nothing left to paint.
 */
export function paintStroke(ctx: CanvasRenderingContext2D, stroke: Stroke, pen: Pen): void {
  switch (stroke.kind) {
    case "brush": {
      const outline = brushOutline(stroke.points, pen.lineWidth, stroke.simulate);
      if (outline) {
        ctx.fillStyle = pen.color;
        ctx.fill(outlinePath(outline));
        break;
      }
      // The brush's code is still coming (a stroke begun the moment the tool was chosen): a round
      // line of its width meanwhile, so nothing drawn is lost.
      ctx.save();
      ctx.strokeStyle = pen.color;
      ctx.lineWidth = Math.max(2, pen.lineWidth * 1.6) / 2;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      ctx.beginPath();
      stroke.points.forEach(([x = 0, y = 0], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.stroke();
      ctx.restore();
      break;
    }
    case "shape":
      paintShape(ctx, stroke.tool, stroke.start, stroke.end, pen);
      break;
    case "curve-line":
      paintShape(ctx, "line", stroke.start, stroke.end, pen);
      break;
    case "curve-bend":
      paintCurve(ctx, stroke, pen);
      break;
  }
}

/**
 * q-floodfill, fetched when the fill tool is first chosen (engine.setTool) or used, not in the page's
 * first load (about 1.5 KB gz); fetched again after a failed fetch.
 */
export const loadFloodFill = loadOnce(() => import("q-floodfill"));

/**
 * Flood fill of the 800x500 picture from a point, with a tolerance so anti-aliased edges fill cleanly
 * (q-floodfill). The filled pixels, or null when the point is outside or nothing changed. Once the
 * fill's code is here (fetched when the tool is chosen), it fills before any later pointer event.
 */
export async function floodFill(
  ctx: CanvasRenderingContext2D,
  p: Point,
  color: string,
): Promise<ImageData | null> {
  if (!isInsideCanvas(p)) return null;
  const { default: FloodFill } = await loadFloodFill();
  const image = ctx.getImageData(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  const filler = new FloodFill(image);
  filler.fill(color, Math.floor(p.x), Math.floor(p.y), FILL_TOLERANCE);
  if (filler.modifiedPixelsCount === 0) return null;
  ctx.putImageData(image, 0, 0);
  return image;
}

/** The untouched white page, whatever the context's transform and blending. */
export function paintWhite(ctx: CanvasRenderingContext2D): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalCompositeOperation = "source-over";
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  ctx.restore();
}

/** A picture of `width` x `height` fitted into the 800x500 page and centred. */
export function paintFitted(
  ctx: CanvasRenderingContext2D,
  source: CanvasImageSource,
  width: number,
  height: number,
): void {
  const scale = Math.min(CANVAS_WIDTH / width, CANVAS_HEIGHT / height);
  const w = width * scale;
  const h = height * scale;
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(source, (CANVAS_WIDTH - w) / 2, (CANVAS_HEIGHT - h) / 2, w, h);
}

/** A new 800x500 canvas holding `source` stretched to the page (a locked background's own copy). */
export function copyPicture(source: CanvasImageSource): Canvas2D["canvas"] {
  const copy = createCanvas(CANVAS_WIDTH, CANVAS_HEIGHT);
  copy.ctx.drawImage(source, 0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
  return copy.canvas;
}
