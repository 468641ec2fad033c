/**
 * Drawing with the keyboard, wired to the engine: the pen (./keyboard-pen) draws through the engine, its
 * cursor is painted above the picture, and where it is is announced politely (lib/announce). Loaded when the
 * canvas first gets keyboard focus or a drawing key (./use-keyboard-pen): pointer-only visitors never
 * fetch it.
 */
import { announce } from "@/lib/announce";
import type { DrawingEngine } from "./engine";
import { KeyboardPen } from "./keyboard-pen";
import type { Point } from "./rules";

/** The parts of a key event the drawing reads (a queued copy or the event itself). */
export type KeyLike = {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat: boolean;
};

/** The keyboard's drawing cursor: a crosshair in a ring, black on white so it shows on any colour. */
export function paintKeyCursor(ctx: CanvasRenderingContext2D, p: Point, down: boolean, scale: number): void {
  const r = 9 / scale;
  for (const [colour, width] of [
    ["#ffffff", 4],
    ["#000000", 2],
  ] as const) {
    ctx.lineWidth = width / scale;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.arc(p.x, p.y, r, 0, Math.PI * 2);
    ctx.moveTo(p.x - r * 1.6, p.y);
    ctx.lineTo(p.x + r * 1.6, p.y);
    ctx.moveTo(p.x, p.y - r * 1.6);
    ctx.lineTo(p.x, p.y + r * 1.6);
    ctx.stroke();
  }
  if (down) {
    ctx.fillStyle = "#2563eb";
    ctx.beginPath();
    ctx.arc(p.x, p.y, r / 2.5, 0, Math.PI * 2);
    ctx.fill();
  }
}

export class KeyboardDrawing {
  private readonly pen: KeyboardPen;
  /** Space went down with no pointer press since: its release is a tap (a press of the pen). */
  private spaceTap = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly engine: DrawingEngine) {
    const pen: KeyboardPen = new KeyboardPen({
      tool: () => engine.getState().tool,
      drawing: () => engine.drawing,
      down: (p) => engine.penDown(p),
      move: (p) => engine.penMove(p),
      up: () => engine.pointerUp(),
      cancel: () => engine.cancelStroke(),
      panBy: (dx, dy) => engine.panBy(dx, dy),
      changed: () => {
        this.show();
        announce(pen.describe());
      },
    });
    this.pen = pen;
    // Another tool: the stroke so far is kept, and the next press starts the new tool's.
    let tool = engine.getState().tool;
    this.unsubscribe = engine.subscribe(() => {
      const next = engine.getState().tool;
      if (next !== tool) pen.lift();
      tool = next;
    });
  }

  /** Whether the key was the drawing's (the caller then prevents its default). */
  keyDown(e: KeyLike): boolean {
    if (e.altKey || e.ctrlKey || e.metaKey) return false;
    if (this.pen.arrow(e.key, e.shiftKey)) return true;
    if (e.key === "Enter") {
      if (!e.repeat) this.pen.press();
      return true;
    }
    if (e.key === " ") {
      if (!e.repeat) this.spaceTap = true;
      return true;
    }
    return e.key === "Escape" && this.pen.cancel();
  }

  keyUp(e: KeyLike): void {
    if (e.key !== " " || !this.spaceTap) return;
    this.spaceTap = false;
    this.pen.press();
  }

  /** The canvas got focus from the keyboard: the cursor shows at once. */
  focus(): void {
    this.show();
  }

  /** Focus left, or a pointer took over: the stroke is kept, the cursor goes, a held Space is a pan. */
  leave(): void {
    this.spaceTap = false;
    this.pen.lift();
    this.engine.paintOnTop(null);
  }

  dispose(): void {
    this.unsubscribe();
    this.engine.paintOnTop(null);
  }

  private show(): void {
    this.engine.paintOnTop((ctx, scale) => paintKeyCursor(ctx, this.pen.cursor, this.pen.down, scale));
  }
}
