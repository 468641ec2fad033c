import { describe, expect, it } from "vitest";
import { SCENE_POSITIONS } from "@/tools/scene/prompts";
import { nearestPosition, positionAt, positionPoint } from "@/tools/scene/position";

describe("the nearest named place", () => {
  it.each([
    [0, 0, "top-left"],
    [0.5, 0, "top-center"],
    [1, 0, "top-right"],
    [0.1, 0.5, "center-left"],
    [0.5, 0.5, "center"],
    [0.9, 0.45, "center-right"],
    [0, 1, "bottom-left"],
    [0.6, 0.95, "bottom-center"],
    [1, 1, "bottom-right"],
    // Just either side of the thirds.
    [0.33, 0.34, "center-left"],
    [0.34, 0.33, "top-center"],
    [0.67, 0.66, "center-right"],
    // Outside the picture counts as its edge; nonsense as the middle.
    [-3, 7, "bottom-left"],
    [Number.NaN, Number.NaN, "center"],
  ] as const)("(%s, %s) is %s", (x, y, position) => {
    expect(nearestPosition(x, y)).toBe(position);
  });

  it("every place's own point maps back to it, on a 3 x 3 grid of thirds", () => {
    for (const position of SCENE_POSITIONS) {
      const { x, y } = positionPoint(position);
      expect(nearestPosition(x, y)).toBe(position);
      expect([1 / 6, 1 / 2, 5 / 6]).toContain(x);
      expect([1 / 6, 1 / 2, 5 / 6]).toContain(y);
    }
    expect(positionPoint("top-right")).toEqual({ x: 5 / 6, y: 1 / 6 });
  });

  it("reads a click relative to the picture's box", () => {
    const box = { left: 100, top: 50, width: 400, height: 200 };
    expect(positionAt(110, 60, box)).toBe("top-left");
    expect(positionAt(480, 240, box)).toBe("bottom-right");
    expect(positionAt(300, 150, box)).toBe("center");
    expect(positionAt(300, 150, { left: 0, top: 0, width: 0, height: 0 })).toBe("center");
  });
});
