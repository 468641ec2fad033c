/**
 * The display of the drawing: the 800x500 picture shown on a screen canvas fitted to its box, zoomed
 * and panned, at the screen's pixel density, with the stroke in progress on a transparent overlay
 * above it so a pointer move redraws the overlay and not the picture. It draws once per animation
 * frame and holds no drawing state: the scene (picture, view, preview) is read when it draws.
 */
import { context } from "./paint";
import { baseLayout, CANVAS_HEIGHT, CANVAS_WIDTH, type Layout, type Point, type View } from "./rules";

export type Scene = {
  picture: CanvasImageSource;
  view(): View;
  /** Draws the stroke in progress in the picture's coordinates, shown at `scale` CSS pixels per pixel. */
  preview(ctx: CanvasRenderingContext2D, scale: number): void;
};

export class CanvasRenderer {
  private display: HTMLCanvasElement | null = null;
  private displayCtx: CanvasRenderingContext2D | null = null;
  private overlay: HTMLCanvasElement | null = null;
  private overlayCtx: CanvasRenderingContext2D | null = null;
  private pictureDirty = true;
  private viewport = { width: CANVAS_WIDTH, height: CANVAS_HEIGHT, dpr: 1 };
  private frame = 0;
  /** Where the picture sits in the viewport at zoom 1. */
  layout: Layout = baseLayout(CANVAS_WIDTH, CANVAS_HEIGHT);

  constructor(private readonly scene: Scene) {}

  attach(display: HTMLCanvasElement, overlay?: HTMLCanvasElement): void {
    this.display = display;
    this.displayCtx = context(display);
    this.overlay = overlay ?? null;
    this.overlayCtx = overlay ? context(overlay) : null;
    this.requestRender();
  }

  detach(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.display = null;
    this.displayCtx = null;
    this.overlay = null;
    this.overlayCtx = null;
  }

  /** The display's CSS size and pixel density: its backing store is that size times the density. */
  resize(width: number, height: number, dpr: number): void {
    const w = Math.max(1, width);
    const h = Math.max(1, height);
    const density = Math.max(1, Math.min(dpr || 1, 4));
    this.viewport = { width: w, height: h, dpr: density };
    this.layout = baseLayout(w, h);
    for (const canvas of [this.display, this.overlay]) {
      if (!canvas) continue;
      canvas.width = Math.round(w * density);
      canvas.height = Math.round(h * density);
    }
    this.requestRender();
  }

  /** The middle of the viewport (CSS pixels): where the zoom buttons zoom around. */
  centre(): Point {
    return { x: this.viewport.width / 2, y: this.viewport.height / 2 };
  }

  /** Draw on the next frame; `picture: false` when only the stroke in progress changed. */
  requestRender(picture = true): void {
    if (picture) this.pictureDirty = true;
    if (this.frame || !this.display) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Draw the picture and the stroke in progress on the display (one frame). */
  render(): void {
    const ctx = this.displayCtx;
    const display = this.display;
    if (!ctx || !display) return;
    const overlay = this.overlayCtx;
    if (this.pictureDirty || !overlay) {
      this.pictureDirty = false;
      this.transformView(ctx, display);
      // Magnified pixels stay sharp; a reduced picture is smoothed.
      ctx.imageSmoothingEnabled = ctx.getTransform().a < 2;
      ctx.imageSmoothingQuality = "high";
      ctx.drawImage(this.scene.picture, 0, 0);
      if (!overlay) this.drawClippedPreview(ctx);
    }
    if (overlay && this.overlay) {
      this.transformView(overlay, this.overlay);
      this.drawClippedPreview(overlay);
    }
  }

  /** Cleared, with the picture's coordinates mapped to the screen's pixels. */
  private transformView(ctx: CanvasRenderingContext2D, canvas: HTMLCanvasElement): void {
    const { dpr } = this.viewport;
    const view = this.scene.view();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const s = this.layout.scale * view.zoom * dpr;
    ctx.setTransform(
      s,
      0,
      0,
      s,
      (this.layout.offsetX + view.panX) * dpr,
      (this.layout.offsetY + view.panY) * dpr,
    );
  }

  private drawClippedPreview(ctx: CanvasRenderingContext2D): void {
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    ctx.clip();
    this.scene.preview(ctx, this.layout.scale * this.scene.view().zoom);
    ctx.restore();
  }
}
