/**
 * Drawing with the keyboard alone (issue 19): the cursor the arrows move and its bounds, the pen put
 * down and lifted with Enter or Space for each kind of tool, Escape, Pan, and the toolbar's arrows.
 */
import { describe, expect, it } from "vitest";
import { toolbarMove } from "@/tools/art/canvas/canvas-toolbar";
import {
  clampToPicture,
  KEY_BIG_STEP,
  KEY_STEP,
  KeyboardPen,
  PAN_STEP,
  type PenHost,
} from "@/tools/art/canvas/keyboard-pen";
import { CANVAS_HEIGHT, CANVAS_WIDTH, type Point, type Tool } from "@/tools/art/canvas/rules";

/**
 * A stand-in for the engine that keeps what the pen asked of it. Like the real stroke machine, fill
 * leaves no stroke in progress, and a curve's line is followed by a press that bends it.
 */
function host(tool: Tool = "pencil") {
  const calls: string[] = [];
  let stroke = false;
  const current: { tool: Tool; changes: number; calls: string[]; host: PenHost } = {
    tool,
    changes: 0,
    calls,
    host: undefined as unknown as PenHost,
  };
  current.host = {
    tool: () => current.tool,
    drawing: () => stroke,
    down: (p: Point) => {
      calls.push(`down ${p.x},${p.y}`);
      stroke = current.tool !== "fill";
    },
    move: (p: Point) => calls.push(`move ${p.x},${p.y}`),
    up: () => {
      calls.push("up");
      stroke = false;
    },
    cancel: () => {
      calls.push("cancel");
      stroke = false;
    },
    panBy: (dx: number, dy: number) => calls.push(`pan ${dx},${dy}`),
    changed: () => {
      current.changes += 1;
    },
  };
  return current;
}

describe("keyboard pen", () => {
  it("starts in the middle of the picture with the pen up", () => {
    const pen = new KeyboardPen(host().host);
    expect(pen.cursor).toEqual({ x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 });
    expect(pen.down).toBe(false);
    expect(pen.describe()).toBe("Pen up at 400, 250");
  });

  it("moves the cursor a small step per arrow and a big one with Shift, without drawing while up", () => {
    const h = host();
    const pen = new KeyboardPen(h.host);
    expect(pen.arrow("ArrowRight", false)).toBe(true);
    expect(pen.cursor).toEqual({ x: 400 + KEY_STEP, y: 250 });
    pen.arrow("ArrowDown", true);
    expect(pen.cursor).toEqual({ x: 400 + KEY_STEP, y: 250 + KEY_BIG_STEP });
    pen.arrow("ArrowLeft", false);
    pen.arrow("ArrowUp", false);
    expect(pen.cursor).toEqual({ x: 400, y: 250 + KEY_BIG_STEP - KEY_STEP });
    expect(h.calls).toEqual([]);
    expect(h.changes).toBe(4);
    expect(pen.arrow("a", false)).toBe(false);
    expect(pen.arrow("Enter", false)).toBe(false);
    expect(h.changes).toBe(4);
  });

  it("keeps the cursor inside the 800x500 picture", () => {
    const pen = new KeyboardPen(host().host);
    for (let i = 0; i < 40; i++) pen.arrow("ArrowLeft", true);
    for (let i = 0; i < 40; i++) pen.arrow("ArrowUp", true);
    expect(pen.cursor).toEqual({ x: 0, y: 0 });
    for (let i = 0; i < 40; i++) pen.arrow("ArrowRight", true);
    for (let i = 0; i < 40; i++) pen.arrow("ArrowDown", true);
    expect(pen.cursor).toEqual({ x: CANVAS_WIDTH - 1, y: CANVAS_HEIGHT - 1 });
    expect(clampToPicture({ x: -3.4, y: 720.6 })).toEqual({ x: 0, y: CANVAS_HEIGHT - 1 });
    expect(clampToPicture({ x: 12.4, y: 12.6 })).toEqual({ x: 12, y: 13 });
  });

  it("draws freehand between a press and the next: down, a move per arrow, up", () => {
    for (const tool of ["pencil", "brush", "eraser"] as const) {
      const h = host(tool);
      const pen = new KeyboardPen(h.host);
      pen.press();
      expect(pen.down).toBe(true);
      expect(pen.describe()).toBe("Pen down at 400, 250");
      pen.arrow("ArrowRight", true);
      pen.arrow("ArrowRight", false);
      pen.press();
      expect(pen.down).toBe(false);
      expect(h.calls).toEqual(["down 400,250", "move 425,250", "move 430,250", "up"]);
    }
  });

  it("fills at the cursor on one press, leaving the pen up", () => {
    const h = host("fill");
    const pen = new KeyboardPen(h.host);
    pen.arrow("ArrowUp", true);
    pen.press();
    expect(pen.down).toBe(false);
    pen.arrow("ArrowUp", false);
    pen.press();
    expect(h.calls).toEqual(["down 400,225", "down 400,220"]);
  });

  it("draws a shape from the first press to the second, the cursor's moves in between", () => {
    for (const tool of ["circle", "square", "line"] as const) {
      const h = host(tool);
      const pen = new KeyboardPen(h.host);
      pen.press();
      pen.arrow("ArrowDown", true);
      pen.arrow("ArrowRight", true);
      pen.press();
      expect(h.calls).toEqual(["down 400,250", "move 400,275", "move 425,275", "up"]);
    }
  });

  it("draws a curve's line with two presses, then bends it with two more", () => {
    const h = host("curve");
    const pen = new KeyboardPen(h.host);
    pen.press();
    pen.arrow("ArrowRight", true);
    pen.press();
    pen.arrow("ArrowUp", true);
    pen.press();
    pen.arrow("ArrowUp", false);
    pen.press();
    expect(h.calls).toEqual(["down 400,250", "move 425,250", "up", "down 425,225", "move 425,220", "up"]);
  });

  it("gives up the stroke on Escape, and only when the pen is down", () => {
    const h = host();
    const pen = new KeyboardPen(h.host);
    expect(pen.cancel()).toBe(false);
    pen.press();
    pen.arrow("ArrowLeft", false);
    expect(pen.cancel()).toBe(true);
    expect(pen.down).toBe(false);
    expect(h.calls).toEqual(["down 400,250", "move 395,250", "cancel"]);
  });

  it("lifts the pen (keeping the stroke) when asked, and does nothing when it is up", () => {
    const h = host();
    const pen = new KeyboardPen(h.host);
    pen.lift();
    pen.press();
    pen.lift();
    expect(h.calls).toEqual(["down 400,250", "up"]);
  });

  it("moves the view with the Pan tool and never draws with it", () => {
    const h = host("pan");
    const pen = new KeyboardPen(h.host);
    pen.arrow("ArrowRight", false);
    pen.arrow("ArrowDown", true);
    pen.press();
    expect(h.calls).toEqual([`pan ${-PAN_STEP},0`, `pan 0,${-PAN_STEP * 5}`]);
    expect(pen.cursor).toEqual({ x: 400, y: 250 });
    expect(pen.down).toBe(false);
  });
});

describe("drawing tools toolbar keys", () => {
  it("moves along with the arrows, wrapping at the ends, and jumps with Home and End", () => {
    expect(toolbarMove("ArrowRight", 0, 9)).toBe(1);
    expect(toolbarMove("ArrowDown", 8, 9)).toBe(0);
    expect(toolbarMove("ArrowLeft", 0, 9)).toBe(8);
    expect(toolbarMove("ArrowUp", 4, 9)).toBe(3);
    expect(toolbarMove("Home", 5, 9)).toBe(0);
    expect(toolbarMove("End", 2, 9)).toBe(8);
    expect(toolbarMove("Enter", 2, 9)).toBeNull();
    expect(toolbarMove("Tab", 2, 9)).toBeNull();
  });
});
