/**
 * The display canvases follow their box: the engine draws on them while mounted, at the box's CSS
 * size and the screen's pixel density, re-measured when the box resizes or the density changes
 * (moving the window to another screen, browser zoom).
 */
import { useEffect, type RefObject } from "react";
import type { DrawingEngine } from "./engine";

export function useViewportSize(
  engine: DrawingEngine,
  viewportRef: RefObject<HTMLDivElement | null>,
  displayRef: RefObject<HTMLCanvasElement | null>,
  overlayRef: RefObject<HTMLCanvasElement | null>,
): void {
  useEffect(() => {
    const viewport = viewportRef.current;
    const display = displayRef.current;
    if (!viewport || !display) return;
    engine.attach(display, overlayRef.current ?? undefined);
    const measure = () => {
      // The canvas's own size: the box's inside, within its border.
      const rect = display.getBoundingClientRect();
      engine.resize(rect.width, rect.height, window.devicePixelRatio || 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    let media: MediaQueryList | null = null;
    const watchDensity = () => {
      media?.removeEventListener("change", onDensity);
      media = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      media.addEventListener("change", onDensity);
    };
    function onDensity() {
      measure();
      watchDensity();
    }
    watchDensity();
    return () => {
      observer.disconnect();
      media?.removeEventListener("change", onDensity);
      engine.detach();
    };
  }, [engine, viewportRef, displayRef, overlayRef]);
}
