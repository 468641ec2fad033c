/** The base picture of Modify Scene, where a click or tap picks the place to add to. */
import type { MouseEvent } from "react";
import { MousePointerClick } from "lucide-react";
import type { ScenePosition } from "@/tools/scene/prompts";
import { cn } from "@/lib/utils";
import { POSITION_LABELS, positionAt, positionPoint } from "./position";

type PositionPickerProps = {
  src: string;
  alt: string;
  position: ScenePosition | null;
  onPick: (position: ScenePosition) => void;
  disabled?: boolean;
};

/**
 * The base picture: a click or tap sets the nearest of the nine named places and a ring marks it
 * (hollow, so the picture shows through). Keyboard users choose the same places in the Position select.
 */
export function PositionPicker({ src, alt, position, onPick, disabled }: PositionPickerProps) {
  const point = position ? positionPoint(position) : null;

  function onClick(e: MouseEvent<HTMLImageElement>) {
    if (disabled) return;
    onPick(positionAt(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect()));
  }

  return (
    <figure className="space-y-2">
      <div className="relative mx-auto w-fit max-w-full">
        <img
          src={src}
          alt={alt}
          draggable={false}
          onClick={onClick}
          data-testid="scene-base"
          className={cn(
            "block h-auto max-h-[60vh] w-auto max-w-full rounded-xl border bg-muted select-none",
            !disabled && "cursor-crosshair",
          )}
        />
        {point && position && (
          <span
            aria-hidden="true"
            data-testid="position-marker"
            data-position={position}
            className="pointer-events-none absolute size-9 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white shadow-[0_0_0_2px_var(--primary),0_2px_6px_rgba(0,0,0,0.45)]"
            style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
          >
            <span className="absolute top-1/2 left-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow-[0_0_0_2px_var(--primary)]" />
          </span>
        )}
      </div>
      <figcaption className="text-center text-sm text-muted-foreground" aria-live="polite">
        <MousePointerClick aria-hidden="true" className="mr-1.5 inline size-4 align-[-3px]" />
        {position
          ? `Placed at ${POSITION_LABELS[position].toLowerCase()}. Click or tap the picture to move it.`
          : "Click or tap the picture to choose where it goes."}
      </figcaption>
    </figure>
  );
}
