/**
 * Region edits' pixel arithmetic (issue 29 §1): outside the area and its feather band every pixel is the
 * original's exactly; inside, the answer's; the band between is a blend.
 */
import { describe, expect, it } from "vitest";
import {
  areaBounds,
  blendArea,
  featherBand,
  featherMask,
  featherRadius,
  hasArea,
  maskFromRgba,
} from "@/lib/image/area";

const W = 60;
const H = 50;

/** A mask with the rectangle [x0, x1) x [y0, y1) in the area. */
function rectMask(x0: number, y0: number, x1: number, y1: number): Uint8Array {
  const mask = new Uint8Array(W * H);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask[y * W + x] = 255;
  return mask;
}

/** Pixels of a pattern, different for each seed. */
function picture(seed: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(W * H * 4);
  for (let i = 0; i < rgba.length; i++) rgba[i] = (i * (seed + 3) * 7 + seed * 41) % 256;
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return rgba;
}

/** The distance from (x, y) to the rectangle (0 inside). */
function distance(x: number, y: number, [x0, y0, x1, y1]: number[]): number {
  const dx = Math.max(x0! - x, 0, x - (x1! - 1));
  const dy = Math.max(y0! - y, 0, y - (y1! - 1));
  return Math.max(dx, dy);
}

describe("region edits' compositing", () => {
  const rect = [12, 10, 45, 40];
  const mask = rectMask(12, 10, 45, 40);
  const original = picture(1);
  const answer = picture(2);

  it.each([1, 2, 4])("radius %i: the original's pixels exactly outside the area and its band", (radius) => {
    const out = blendArea(original, answer, featherMask(mask, W, H, radius));
    const band = featherBand(radius);
    let outside = 0;
    let inside = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        const px = [...out.subarray(i, i + 4)];
        const d = distance(x, y, rect);
        if (d > band) {
          expect(px).toEqual([...original.subarray(i, i + 3), 255]);
          outside++;
        }
        // Well inside, the answer's.
        const deep =
          x - rect[0]! >= band &&
          rect[2]! - 1 - x >= band &&
          y - rect[1]! >= band &&
          rect[3]! - 1 - y >= band;
        if (deep) {
          expect(px).toEqual([...answer.subarray(i, i + 3), 255]);
          inside++;
        }
      }
    }
    expect(outside).toBeGreaterThan(0);
    expect(inside).toBeGreaterThan(0);
  });

  it("the band blends: each pixel lies between the original's and the answer's", () => {
    const alpha = featherMask(mask, W, H, 2);
    const out = blendArea(original, answer, alpha);
    const edge = (20 * W + 11) * 4; // one pixel left of the area
    expect(alpha[20 * W + 11]).toBeGreaterThan(0);
    expect(alpha[20 * W + 11]).toBeLessThan(255);
    for (let c = 0; c < 3; c++) {
      const lo = Math.min(original[edge + c]!, answer[edge + c]!);
      const hi = Math.max(original[edge + c]!, answer[edge + c]!);
      expect(out[edge + c]).toBeGreaterThanOrEqual(lo);
      expect(out[edge + c]).toBeLessThanOrEqual(hi);
    }
  });

  it("reads a white-on-black mask picture, and knows an empty one", () => {
    const rgba = new Uint8ClampedArray(W * H * 4);
    for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
    expect(hasArea(maskFromRgba(rgba, W, H))).toBe(false);
    rgba.set([255, 255, 255, 255], (3 * W + 4) * 4);
    rgba.set([200, 200, 200, 0], (3 * W + 5) * 4); // transparent: not painted
    const read = maskFromRgba(rgba, W, H);
    expect(hasArea(read)).toBe(true);
    expect(read[3 * W + 4]).toBe(255);
    expect(read[3 * W + 5]).toBe(0);
  });

  it("the feather grows with the picture: a few pixels", () => {
    expect(featherRadius(1024)).toBe(2);
    expect(featherRadius(2048)).toBe(4);
    expect(featherRadius(200)).toBe(1);
  });

  it("only the rectangle around the area (grown by the band) needs feathering: the same alpha there", () => {
    const radius = 3;
    const bounds = areaBounds(mask, W, H, featherBand(radius));
    expect(bounds).toEqual({ x: 6, y: 4, width: 45, height: 42 });
    const whole = featherMask(mask, W, H, radius);
    const cut = new Uint8Array(bounds!.width * bounds!.height);
    for (let y = 0; y < bounds!.height; y++)
      for (let x = 0; x < bounds!.width; x++)
        cut[y * bounds!.width + x] = mask[(bounds!.y + y) * W + bounds!.x + x]!;
    const part = featherMask(cut, bounds!.width, bounds!.height, radius);
    let outside = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const inside =
          x >= bounds!.x && x < bounds!.x + bounds!.width && y >= bounds!.y && y < bounds!.y + bounds!.height;
        if (inside) expect(part[(y - bounds!.y) * bounds!.width + x - bounds!.x]).toBe(whole[y * W + x]);
        else {
          expect(whole[y * W + x]).toBe(0);
          outside++;
        }
      }
    expect(outside).toBeGreaterThan(0);
    expect(areaBounds(new Uint8Array(W * H), W, H)).toBeNull();
  });
});
