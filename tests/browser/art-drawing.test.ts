/**
 * The Art drawing's engine and paint functions on a real canvas (headless Chromium, vitest browser
 * mode): strokes per tool, the fill, the lock and the eraser, the curve's two drags, undo/redo, and
 * placing, restoring and exporting pictures. No display is attached: the engine draws the picture only,
 * and viewport points are picture points (an 800x500 viewport at zoom 1).
 */
import { describe, expect, it, vi } from "vitest";
import { DrawingEngine } from "@/tools/art/canvas/engine";
import { paintFitted, paintWhite } from "@/tools/art/canvas/paint";

const MOUSE = { pointerType: "mouse", pressure: 0.5 };
const WHITE = [255, 255, 255];
const BLACK = [0, 0, 0];
const RED = [255, 0, 0];

function rgb(ctx: CanvasRenderingContext2D, x: number, y: number): number[] {
  return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

function pixelOf(engine: DrawingEngine, x: number, y: number): number[] {
  return rgb(engine.picture.getContext("2d")!, x, y);
}

function drag(engine: DrawingEngine, points: [number, number][]) {
  const [first, ...rest] = points.map(([x, y]) => ({ x, y }));
  engine.pointerDown(first!, MOUSE);
  engine.pointerMove(rest, MOUSE);
  engine.pointerUp();
}

/** An engine with a closed square drawn (100,100 to 300,200) and the fill tool in red. */
function squareToFill(): DrawingEngine {
  const engine = new DrawingEngine();
  engine.setTool("square");
  drag(engine, [
    [100, 100],
    [300, 200],
  ]);
  engine.setTool("fill");
  engine.setColor("#ff0000");
  return engine;
}

describe("the drawing engine", () => {
  it("records one step per pencil stroke; undo and redo walk them", () => {
    const engine = new DrawingEngine();
    expect(engine.getState().blank).toBe(true);
    drag(engine, [
      [100, 100],
      [200, 100],
    ]);
    expect(pixelOf(engine, 150, 100)).toEqual(BLACK);
    expect(engine.history.getState()).toMatchObject({ size: 2, canUndo: true });
    expect(engine.getState().blank).toBe(false);
    expect(engine.undo()).toBe(true);
    expect(pixelOf(engine, 150, 100)).toEqual(WHITE);
    expect(engine.getState().blank).toBe(true);
    expect(engine.redo()).toBe(true);
    expect(pixelOf(engine, 150, 100)).toEqual(BLACK);
  });

  it("fills a closed shape's inside up to its anti-aliased edge; a fill that changes nothing is no step", async () => {
    const engine = squareToFill();
    expect(await engine.fill({ x: 200, y: 150 })).toBe(true);
    expect(pixelOf(engine, 200, 150)).toEqual(RED);
    expect(pixelOf(engine, 50, 50)).toEqual(WHITE);
    const steps = engine.history.getState().size;
    expect(await engine.fill({ x: 200, y: 150 })).toBe(false);
    expect(await engine.fill({ x: 900, y: 10 })).toBe(false);
    expect(engine.history.getState().size).toBe(steps);
  });

  it("a tap with the fill tool fills (its code fetched when the tool was chosen), one step", async () => {
    const engine = squareToFill();
    const steps = engine.history.getState().size;
    drag(engine, [[200, 150]]);
    await vi.waitFor(() => expect(pixelOf(engine, 200, 150)).toEqual(RED));
    expect(pixelOf(engine, 50, 50)).toEqual(WHITE);
    expect(engine.history.getState().size).toBe(steps + 1);
  });

  it("with the background locked, the eraser takes away only what was drawn after the lock", () => {
    const engine = new DrawingEngine();
    drag(engine, [
      [100, 100],
      [300, 100],
    ]);
    engine.toggleLock();
    expect(engine.getState().locked).toBe(true);
    expect(engine.lockedPicture).not.toBeNull();
    engine.setColor("#ff0000");
    drag(engine, [
      [100, 200],
      [300, 200],
    ]);
    engine.setTool("eraser");
    drag(engine, [
      [200, 80],
      [200, 220],
    ]);
    expect(pixelOf(engine, 200, 100)).toEqual(BLACK);
    expect(pixelOf(engine, 200, 200)).toEqual(WHITE);
    expect(pixelOf(engine, 250, 200)).toEqual(RED);
    engine.clear();
    expect(engine.getState()).toMatchObject({ locked: false, blank: true });
    expect(engine.lockedPicture).toBeNull();
  });

  it("draws a curve in two drags: the line waits for its bend, and undo drops a waiting line", () => {
    const engine = new DrawingEngine();
    engine.setTool("curve");
    drag(engine, [
      [100, 300],
      [500, 300],
    ]);
    expect(engine.getState().curvePending).toBe(true);
    expect(engine.history.getState().size).toBe(1);
    expect(engine.undo()).toBe(true);
    expect(engine.getState().curvePending).toBe(false);

    drag(engine, [
      [100, 300],
      [500, 300],
    ]);
    drag(engine, [
      [300, 300],
      [300, 200],
    ]);
    expect(engine.getState().curvePending).toBe(false);
    expect(engine.history.getState().size).toBe(2);
    // The curve passes through the point it was dragged to, and no longer along the straight line.
    expect(pixelOf(engine, 300, 200)).toEqual(BLACK);
    expect(pixelOf(engine, 300, 300)).toEqual(WHITE);
  });

  it("gives up an interrupted stroke as if it never began", () => {
    const engine = new DrawingEngine();
    engine.pointerDown({ x: 100, y: 100 }, MOUSE);
    engine.pointerMove([{ x: 200, y: 100 }], MOUSE);
    expect(pixelOf(engine, 150, 100)).toEqual(BLACK);
    engine.cancelStroke();
    expect(pixelOf(engine, 150, 100)).toEqual(WHITE);
    expect(engine.history.getState().size).toBe(1);
  });

  it("does not draw with the Pan tool (the component moves the view)", () => {
    const engine = new DrawingEngine();
    engine.setTool("pan");
    drag(engine, [
      [100, 100],
      [200, 100],
    ]);
    expect(pixelOf(engine, 150, 100)).toEqual(WHITE);
    expect(engine.history.getState().size).toBe(1);
  });

  it("places an upload fitted and centred as a step, restores a saved drawing, exports an 800x500 PNG", async () => {
    const engine = new DrawingEngine();
    const upload = new OffscreenCanvas(400, 100);
    const uctx = upload.getContext("2d")!;
    uctx.fillStyle = "#ff0000";
    uctx.fillRect(0, 0, 400, 100);
    engine.placePicture(upload, 400, 100);
    // 400x100 fitted into 800x500 is 800x200, from y 150 to 350.
    expect(pixelOf(engine, 400, 140)).toEqual(WHITE);
    expect(pixelOf(engine, 400, 250)).toEqual(RED);
    expect(engine.history.getState().size).toBe(2);

    const png = await engine.toBlob();
    expect(png.type).toBe("image/png");
    const bitmap = await createImageBitmap(png);
    expect([bitmap.width, bitmap.height]).toEqual([800, 500]);

    const other = new DrawingEngine();
    other.restore(bitmap, bitmap);
    expect(pixelOf(other, 400, 250)).toEqual(RED);
    expect(other.getState()).toMatchObject({ blank: false, locked: true });
    expect(other.history.getState()).toMatchObject({ size: 1, canUndo: false });
  });
});

describe("paint functions", () => {
  it("fit a picture into the page without the engine", () => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 800, height: 500 });
    const ctx = canvas.getContext("2d")!;
    paintWhite(ctx);
    const tall = new OffscreenCanvas(100, 500);
    const tctx = tall.getContext("2d")!;
    tctx.fillStyle = "#000000";
    tctx.fillRect(0, 0, 100, 500);
    paintFitted(ctx, tall, 100, 500);
    expect(rgb(ctx, 400, 250)).toEqual(BLACK);
    expect(rgb(ctx, 340, 250)).toEqual(WHITE);
  });
});
