/** The drawing's zoom buttons: out and in by a step around the middle, the level, and back to 100%. */
import { Maximize, ZoomIn, ZoomOut } from "lucide-react";
import type { DrawingEngine } from "./engine";
import { cn } from "@/lib/utils";
import { IconButton } from "./icon-button";
import { MAX_ZOOM, MIN_ZOOM, zoomPercent } from "./rules";

export function ZoomControls({
  engine,
  zoom,
  className,
}: {
  engine: DrawingEngine;
  zoom: number;
  className?: string;
}) {
  return (
    <div className={cn("flex items-center gap-1", className)} role="group" aria-label="Zoom">
      <IconButton
        icon={ZoomOut}
        label="Zoom out"
        title="Zoom out"
        disabled={zoom <= MIN_ZOOM}
        onClick={() => engine.zoomOut()}
      />
      <output aria-live="polite" aria-label="Zoom level" className="w-12 text-center text-sm tabular-nums">
        {zoomPercent(zoom)}
      </output>
      <IconButton
        icon={ZoomIn}
        label="Zoom in"
        title="Zoom in"
        disabled={zoom >= MAX_ZOOM}
        onClick={() => engine.zoomIn()}
      />
      <IconButton
        icon={Maximize}
        label="Reset view"
        title="Reset view (100%)"
        onClick={() => engine.resetView()}
      />
    </div>
  );
}
