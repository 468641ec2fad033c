/**
 * The drawing canvas's rules (SPEC 4.6, 5 "Drawing", 9 "Canvas"): the undo history store and the pure
 * rules (zoom limits and steps, eraser width, line width, tool shortcuts, view maths).
 */
import { describe, expect, it, vi } from "vitest";
import { HistoryStore } from "@/tools/art/canvas/history";
import {
  baseLayout,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  clampLineWidth,
  clampZoom,
  curveControl,
  DEFAULT_COLOR,
  DEFAULT_LINE_WIDTH,
  HISTORY_LIMIT,
  INITIAL_VIEW,
  strokeWidth,
  toCanvasPoint,
  TOOL_SHORTCUTS,
  toolForKey,
  TOOLS,
  zoomAt,
  zoomIn,
  zoomOut,
  zoomPercent,
} from "@/tools/art/canvas/rules";

describe("history store", () => {
  function store(limit = 10) {
    const history = new HistoryStore<string>(limit);
    history.reset("blank");
    return history;
  }

  it("disables undo at the first snapshot and redo at the last", () => {
    const history = store();
    expect(history.getState()).toMatchObject({ canUndo: false, canRedo: false, size: 1 });
    expect(history.undo()).toBeUndefined();
    expect(history.current()).toBe("blank");
    history.push("a");
    history.push("b");
    expect(history.getState()).toMatchObject({ canUndo: true, canRedo: false });
    expect(history.redo()).toBeUndefined();
    expect(history.undo()).toBe("a");
    expect(history.getState()).toMatchObject({ canUndo: true, canRedo: true });
    expect(history.undo()).toBe("blank");
    expect(history.getState()).toMatchObject({ canUndo: false, canRedo: true });
    expect(history.redo()).toBe("a");
    expect(history.redo()).toBe("b");
    expect(history.getState()).toMatchObject({ canUndo: true, canRedo: false });
  });

  it("drops the redo entries when a new stroke follows an undo", () => {
    const history = store();
    history.push("a");
    history.push("b");
    history.undo();
    history.push("c");
    expect(history.current()).toBe("c");
    expect(history.getState()).toMatchObject({ canRedo: false, size: 3 });
    expect(history.undo()).toBe("a");
    expect(history.redo()).toBe("c");
  });

  it("keeps at most `limit` entries, dropping the oldest", () => {
    const history = store(3);
    for (const entry of ["a", "b", "c", "d", "e"]) history.push(entry);
    expect(history.getState().size).toBe(3);
    expect(history.undo()).toBe("d");
    expect(history.undo()).toBe("c");
    expect(history.undo()).toBeUndefined();
    expect(history.getState().canUndo).toBe(false);
  });

  it("is bounded in memory: a full 800x500 picture per entry stays under ~50 MB", () => {
    expect(HISTORY_LIMIT * CANVAS_WIDTH * CANVAS_HEIGHT * 4).toBeLessThanOrEqual(50 * 1024 * 1024);
    expect(() => new HistoryStore(1)).toThrow(RangeError);
  });

  it("notifies subscribers and keeps the state object stable between changes", () => {
    const history = store();
    const listener = vi.fn();
    const stop = history.subscribe(listener);
    const before = history.getState();
    expect(history.getState()).toBe(before);
    history.push("a");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(history.getState()).not.toBe(before);
    history.undo();
    history.undo(); // at the first snapshot: nothing changes, nobody is told
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    history.push("b");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("clear is a snapshot like any other: undo brings the drawing back", () => {
    const history = store();
    history.push("house");
    history.push("blank-after-clear");
    expect(history.undo()).toBe("house");
  });
});

describe("canvas rules", () => {
  it("is 800x500 with a black pen of width 5 by default", () => {
    expect([CANVAS_WIDTH, CANVAS_HEIGHT]).toEqual([800, 500]);
    expect(DEFAULT_COLOR).toBe("#000000");
    expect(DEFAULT_LINE_WIDTH).toBe(5);
  });

  it("keeps the line width within 1 to 20", () => {
    expect(clampLineWidth(0)).toBe(1);
    expect(clampLineWidth(7.4)).toBe(7);
    expect(clampLineWidth(25)).toBe(20);
    expect(clampLineWidth(Number.NaN)).toBe(5);
  });

  it("makes the eraser 5 wider than the line width, and only the eraser", () => {
    expect(strokeWidth("eraser", 5)).toBe(10);
    expect(strokeWidth("eraser", 20)).toBe(25);
    expect(strokeWidth("eraser", 1)).toBe(6);
    for (const tool of TOOLS.filter((t) => t !== "eraser")) expect(strokeWidth(tool, 5)).toBe(5);
  });

  it("zooms by 0.1 within 0.5 to 5", () => {
    let zoom = 1;
    for (let i = 0; i < 5; i++) zoom = zoomIn(zoom);
    expect(zoom).toBe(1.5);
    expect(zoomPercent(zoom)).toBe("150%");
    expect(zoomOut(1)).toBe(0.9);
    let low = 1;
    for (let i = 0; i < 20; i++) low = zoomOut(low);
    expect(low).toBe(0.5);
    let high = 1;
    for (let i = 0; i < 60; i++) high = zoomIn(high);
    expect(high).toBe(5);
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it("zooms around a point: the picture point under it stays there", () => {
    const layout = baseLayout(1000, 500);
    expect(layout.scale).toBe(1);
    expect(layout.offsetX).toBe(100);
    const anchor = { x: 300, y: 120 };
    const before = toCanvasPoint(anchor, INITIAL_VIEW, layout);
    const view = zoomAt(INITIAL_VIEW, 2.5, anchor, layout);
    expect(view.zoom).toBe(2.5);
    const after = toCanvasPoint(anchor, view, layout);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
    expect(zoomAt(INITIAL_VIEW, 40, anchor, layout).zoom).toBe(5);
  });

  it("maps a phone-sized view onto the 800x500 picture", () => {
    const layout = baseLayout(358, 350);
    expect(layout.scale).toBeCloseTo(358 / 800, 6);
    const corner = toCanvasPoint({ x: 358, y: layout.offsetY + 500 * layout.scale }, INITIAL_VIEW, layout);
    expect(corner.x).toBeCloseTo(800, 6);
    expect(corner.y).toBeCloseTo(500, 6);
  });

  it("has one letter per tool", () => {
    const letters = Object.values(TOOL_SHORTCUTS);
    expect(new Set(letters).size).toBe(TOOLS.length);
    for (const tool of TOOLS) expect(toolForKey(TOOL_SHORTCUTS[tool].toUpperCase())).toBe(tool);
    expect(toolForKey("z")).toBeUndefined();
  });

  it("bends a curve through the point dragged to", () => {
    const start = { x: 0, y: 0 };
    const end = { x: 100, y: 0 };
    const control = curveControl(start, end, { x: 50, y: 40 });
    // A quadratic curve's midpoint is (start + 2 control + end) / 4.
    expect((start.y + 2 * control.y + end.y) / 4).toBe(40);
    expect((start.x + 2 * control.x + end.x) / 4).toBe(50);
  });
});
