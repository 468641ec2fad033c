/**
 * The drawing canvas's rules (SPEC 4.6, 5 "Drawing", 9 "Canvas") as plain values and functions: no
 * canvas, no React, so they are unit-tested directly.
 */

export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 500;
export const BACKGROUND = "#ffffff";
export const DEFAULT_COLOR = "#000000";
export const DEFAULT_LINE_WIDTH = 5;
export const MIN_LINE_WIDTH = 1;
export const MAX_LINE_WIDTH = 20;
/** The eraser is this much wider than the line width. */
export const ERASER_EXTRA = 5;
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 5;
export const ZOOM_STEP = 0.1;
/** Per-channel colour distance the fill still treats as "the same" (anti-aliased edges fill cleanly). */
export const FILL_TOLERANCE = 96;
/** Undo entries kept at most: each is a full 800x500 RGBA picture (1.6 MB), so history stays under ~50 MB. */
export const HISTORY_LIMIT = 30;

export const TOOLS = [
  "pencil",
  "brush",
  "eraser",
  "fill",
  "circle",
  "square",
  "line",
  "curve",
  "pan",
] as const;
export type Tool = (typeof TOOLS)[number];

export const TOOL_LABELS: Record<Tool, string> = {
  pencil: "Pencil",
  brush: "Brush",
  eraser: "Eraser",
  fill: "Fill",
  circle: "Circle",
  square: "Square",
  line: "Line",
  curve: "Curve",
  pan: "Pan",
};

/** One letter per tool (pressed without Ctrl/Cmd/Alt). */
export const TOOL_SHORTCUTS: Record<Tool, string> = {
  pencil: "p",
  brush: "b",
  eraser: "e",
  fill: "f",
  circle: "c",
  square: "s",
  line: "l",
  curve: "q",
  pan: "h",
};

export function toolForKey(key: string): Tool | undefined {
  const k = key.toLowerCase();
  return TOOLS.find((t) => TOOL_SHORTCUTS[t] === k);
}

export function clampLineWidth(width: number): number {
  if (!Number.isFinite(width)) return DEFAULT_LINE_WIDTH;
  return Math.min(MAX_LINE_WIDTH, Math.max(MIN_LINE_WIDTH, Math.round(width)));
}

/** The width actually drawn: the eraser is ERASER_EXTRA wider than the line width. */
export function strokeWidth(tool: Tool, lineWidth: number): number {
  const width = clampLineWidth(lineWidth);
  return tool === "eraser" ? width + ERASER_EXTRA : width;
}

/** Zoom kept within 0.5..5 and rounded to the step's precision (no 1.2000000000000002). */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return 1;
  const clamped = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
  return Math.round(clamped * 1000) / 1000;
}

export function zoomIn(zoom: number): number {
  return clampZoom(Math.round((zoom + ZOOM_STEP) * 10) / 10);
}

export function zoomOut(zoom: number): number {
  return clampZoom(Math.round((zoom - ZOOM_STEP) * 10) / 10);
}

export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

export type Point = { x: number; y: number };
/** Zoom and pan of the view; pan in CSS pixels. */
export type View = { zoom: number; panX: number; panY: number };
export const INITIAL_VIEW: View = { zoom: 1, panX: 0, panY: 0 };

/** Where the 800x500 picture sits in a viewport of the given CSS size at zoom 1: fitted and centred. */
export function baseLayout(viewportWidth: number, viewportHeight: number) {
  const fit = Math.min(viewportWidth / CANVAS_WIDTH, viewportHeight / CANVAS_HEIGHT);
  const scale = fit > 0 && Number.isFinite(fit) ? fit : 1;
  return {
    scale,
    offsetX: (viewportWidth - CANVAS_WIDTH * scale) / 2,
    offsetY: (viewportHeight - CANVAS_HEIGHT * scale) / 2,
  };
}

export type Layout = ReturnType<typeof baseLayout>;

/** A viewport point (CSS pixels) as a point of the picture (0..800, 0..500). */
export function toCanvasPoint(point: Point, view: View, layout: Layout): Point {
  const s = layout.scale * view.zoom;
  return {
    x: (point.x - layout.offsetX - view.panX) / s,
    y: (point.y - layout.offsetY - view.panY) / s,
  };
}

/** The view zoomed to `zoom` (clamped) so the picture point under `anchor` stays under it. */
export function zoomAt(view: View, zoom: number, anchor: Point, layout: Layout): View {
  const next = clampZoom(zoom);
  const at = toCanvasPoint(anchor, view, layout);
  const s = layout.scale * next;
  return {
    zoom: next,
    panX: anchor.x - layout.offsetX - at.x * s,
    panY: anchor.y - layout.offsetY - at.y * s,
  };
}

export function isInsideCanvas(point: Point): boolean {
  return point.x >= 0 && point.y >= 0 && point.x < CANVAS_WIDTH && point.y < CANVAS_HEIGHT;
}

/** The control point of a quadratic curve that passes through `through` halfway along (the curve tool's bend). */
export function curveControl(start: Point, end: Point, through: Point): Point {
  return { x: 2 * through.x - (start.x + end.x) / 2, y: 2 * through.y - (start.y + end.y) / 2 };
}
