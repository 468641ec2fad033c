/**
 * The 800x500 picture being drawn (the exported PNG, pixel for pixel) with its undo history and its
 * locked background: recording and showing snapshots, clearing, locking, placing an upload, restoring
 * a saved drawing and exporting PNGs. It knows no tools and no view; the engine drives it.
 */
import { canvasToBlob, type Canvas2D } from "@/lib/image/canvas";
import { HistoryStore } from "./history";
import { context, copyPicture, paintFitted, paintWhite } from "./paint";
import { BACKGROUND, CANVAS_HEIGHT, CANVAS_WIDTH, HISTORY_LIMIT } from "./rules";

/** One undo entry: the whole picture, and whether it is the untouched white page. */
export type Snapshot = { pixels: ImageData; blank: boolean };

/** The picture, or a copy of it: a <canvas> element or an OffscreenCanvas. */
export type PictureCanvas = Canvas2D["canvas"];

export class DrawingPicture {
  /**
   * A <canvas> element of its own rather than lib/image's createCanvas: its pixels are read back after
   * every stroke (snapshots, fills), and only the context's first request can ask the browser to keep
   * them where reading is cheap (willReadFrequently).
   */
  readonly canvas = document.createElement("canvas");
  readonly ctx: CanvasRenderingContext2D;
  readonly history = new HistoryStore<Snapshot>(HISTORY_LIMIT);
  private lockCanvas: PictureCanvas | null = null;
  private eraserPattern: CanvasPattern | null = null;

  constructor() {
    this.canvas.width = CANVAS_WIDTH;
    this.canvas.height = CANVAS_HEIGHT;
    this.ctx = context(this.canvas, true);
    paintWhite(this.ctx);
    this.history.reset(this.snapshot(true));
  }

  /** The locked background, if any. */
  get locked(): PictureCanvas | null {
    return this.lockCanvas;
  }

  /** What the eraser paints: white, or with a locked background that background, so only later strokes go. */
  get eraserStyle(): string | CanvasPattern {
    return this.eraserPattern ?? BACKGROUND;
  }

  private snapshot(blank: boolean, pixels?: ImageData): Snapshot {
    return { pixels: pixels ?? this.ctx.getImageData(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT), blank };
  }

  /** The picture as it is now (or `pixels`, already read from it) becomes a new undo step. */
  record(blank: boolean, pixels?: ImageData): void {
    this.history.push(this.snapshot(blank, pixels));
  }

  /** Puts a snapshot's pixels back; the snapshot, for its `blank`. */
  show(entry: Snapshot): Snapshot {
    this.ctx.putImageData(entry.pixels, 0, 0);
    return entry;
  }

  /** Back to the current snapshot (a stroke given up half way). */
  revert(): Snapshot {
    return this.show(this.history.current()!);
  }

  undo(): Snapshot | undefined {
    const entry = this.history.undo();
    return entry && this.show(entry);
  }

  redo(): Snapshot | undefined {
    const entry = this.history.redo();
    return entry && this.show(entry);
  }

  /** Locks `canvas` as the background (the picture's own copy), or unlocks with null. */
  setLock(canvas: PictureCanvas | null): void {
    this.lockCanvas = canvas;
    this.eraserPattern = canvas ? this.ctx.createPattern(canvas, "no-repeat") : null;
  }

  /** Locks what is drawn now, or unlocks; whether it is locked afterwards. */
  toggleLock(): boolean {
    this.setLock(this.lockCanvas ? null : copyPicture(this.canvas));
    return this.lockCanvas !== null;
  }

  /** The white page, unlocked, recorded as a step (undo brings the drawing back). */
  clear(): void {
    paintWhite(this.ctx);
    this.setLock(null);
    this.record(true);
  }

  /** A picture (an upload) fitted and centred on white, unlocked, recorded as a step. */
  place(source: CanvasImageSource, width: number, height: number): void {
    paintWhite(this.ctx);
    paintFitted(this.ctx, source, width, height);
    this.setLock(null);
    this.record(false);
  }

  /** A drawing saved earlier, with its locked background, as the first snapshot of a new history. */
  restore(picture: CanvasImageSource, locked: CanvasImageSource | null): void {
    paintWhite(this.ctx);
    this.ctx.drawImage(picture, 0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    if (locked) this.setLock(copyPicture(locked));
    this.history.reset(this.snapshot(false));
  }

  /** The picture (or the locked background) as a PNG of exactly 800x500. */
  toPng(canvas: PictureCanvas = this.canvas): Promise<Blob> {
    return canvasToBlob(canvas, "image/png");
  }
}
