/** The nine named places of a scene: their labels, and which one a point of the picture is nearest. */
import { SCENE_POSITIONS, type ScenePosition } from "@/tools/scene/prompts";

/** How each named place reads in the form ("top-left" is "Top left"). */
export const POSITION_LABELS: Record<ScenePosition, string> = {
  "top-left": "Top left",
  "top-center": "Top center",
  "top-right": "Top right",
  "center-left": "Center left",
  center: "Center",
  "center-right": "Center right",
  "bottom-left": "Bottom left",
  "bottom-center": "Bottom center",
  "bottom-right": "Bottom right",
};

/** The anchor of each third of the picture: the middle of the left, centre and right columns (or rows). */
const THIRDS = [1 / 6, 1 / 2, 5 / 6] as const;

/** Where a named place sits on the picture, as fractions of its width (x) and height (y), 0..1. */
export function positionPoint(position: ScenePosition): { x: number; y: number } {
  const index = SCENE_POSITIONS.indexOf(position);
  return { x: THIRDS[index % 3]!, y: THIRDS[Math.floor(index / 3)]! };
}

function nearestThird(value: number): number {
  const v = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
  let best = 0;
  for (let i = 1; i < THIRDS.length; i++) {
    if (Math.abs(v - THIRDS[i]!) < Math.abs(v - THIRDS[best]!)) best = i;
  }
  return best;
}

/**
 * The named place nearest to a point of the picture given as fractions of its width and height
 * (0,0 top left; 1,1 bottom right). Points outside the picture count as on its edge.
 */
export function nearestPosition(x: number, y: number): ScenePosition {
  return SCENE_POSITIONS[nearestThird(y) * 3 + nearestThird(x)]!;
}

/** The named place under a click or tap on an element showing the picture edge to edge. */
export function positionAt(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): ScenePosition {
  const x = box.width > 0 ? (clientX - box.left) / box.width : 0.5;
  const y = box.height > 0 ? (clientY - box.top) / box.height : 0.5;
  return nearestPosition(x, y);
}
