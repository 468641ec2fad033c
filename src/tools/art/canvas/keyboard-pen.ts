/**
 * Drawing with the keyboard alone: a cursor on the picture that the arrows move (Shift: a bigger
 * step), and a pen that Enter or Space puts down and lifts. Every tool works as with a pointer: the
 * pencil, brush and eraser draw while the pen is down and moving; fill fills where the cursor is; a
 * shape or line starts at the first press and ends at the second; the curve's line takes two presses,
 * its bend two more. With the Pan tool the arrows move the view. No canvas, no React: unit-tested.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH, type Point, type Tool } from "./rules";

/** Picture pixels per arrow press, and with Shift held. */
export const KEY_STEP = 5;
export const KEY_BIG_STEP = 25;
/** CSS pixels the view moves per arrow press with the Pan tool (Shift: the big step). */
export const PAN_STEP = 20;

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** What the pen needs from the drawing (the engine); points are picture pixels. */
export type PenHost = {
  tool(): Tool;
  /** A stroke is in progress (the pen is down). */
  drawing(): boolean;
  down(p: Point): void;
  move(p: Point): void;
  up(): void;
  cancel(): void;
  panBy(dx: number, dy: number): void;
  /** The cursor moved or the pen went up or down: show it, say it. */
  changed(): void;
};

/** A point kept inside the 800x500 picture, on whole pixels. */
export function clampToPicture(p: Point): Point {
  return {
    x: Math.min(CANVAS_WIDTH - 1, Math.max(0, Math.round(p.x))),
    y: Math.min(CANVAS_HEIGHT - 1, Math.max(0, Math.round(p.y))),
  };
}

export class KeyboardPen {
  cursor: Point = { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2 };

  constructor(private readonly host: PenHost) {}

  get down(): boolean {
    return this.host.drawing();
  }

  /** An arrow key: moves the cursor (or the view, with Pan); whether the key was an arrow. */
  arrow(key: string, big: boolean): boolean {
    const d = ARROWS[key];
    if (!d) return false;
    if (this.host.tool() === "pan") {
      const step = big ? PAN_STEP * 5 : PAN_STEP;
      // The view follows the arrow the way a drag would move the picture: the other way.
      this.host.panBy(-d.x * step, -d.y * step);
      return true;
    }
    const step = big ? KEY_BIG_STEP : KEY_STEP;
    this.cursor = clampToPicture({ x: this.cursor.x + d.x * step, y: this.cursor.y + d.y * step });
    if (this.down) this.host.move(this.cursor);
    this.host.changed();
    return true;
  }

  /** Enter or Space: the pen goes down at the cursor, or lifts (fill fills at once). */
  press(): void {
    if (this.host.tool() === "pan") return;
    if (this.down) this.host.up();
    else this.host.down(this.cursor);
    this.host.changed();
  }

  /** Escape: the stroke in progress is given up; whether there was one. */
  cancel(): boolean {
    if (!this.down) return false;
    this.host.cancel();
    this.host.changed();
    return true;
  }

  /** The pen lifts (the tool changes, the canvas loses focus): what was drawn is kept. */
  lift(): void {
    if (!this.down) return;
    this.host.up();
    this.host.changed();
  }

  /** What a screen reader is told: where the cursor is and whether the pen is down. */
  describe(): string {
    return `${this.down ? "Pen down" : "Pen up"} at ${this.cursor.x}, ${this.cursor.y}`;
  }
}
