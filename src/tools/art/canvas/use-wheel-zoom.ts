/**
 * Ctrl/Cmd + wheel (and a trackpad pinch, which the browser reports so) zooms the drawing around the
 * pointer. The listener is not passive, so the page itself does not zoom.
 */
import { useEffect, type RefObject } from "react";
import type { DrawingEngine } from "./engine";

export function useWheelZoom(engine: DrawingEngine, viewportRef: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const rect = viewport.getBoundingClientRect();
      const factor = Math.exp(-e.deltaY * 0.0015);
      engine.zoomTo(engine.getState().view.zoom * factor, {
        x: e.clientX - rect.left,
        y: e.clientY - rect.top,
      });
    };
    viewport.addEventListener("wheel", onWheel, { passive: false });
    return () => viewport.removeEventListener("wheel", onWheel);
  }, [engine, viewportRef]);
}
