import { describe, expect, it } from "vitest";
import { encodeGif, FRAME_DELAY_MS, type RgbaFrame } from "@/tools/animator/gif";
import { readGif } from "./animator-gif";

function solid(width: number, height: number, rgb: [number, number, number]): RgbaFrame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  return { data, width, height };
}

describe("encodeGif (gifenc)", () => {
  it("writes a GIF89a that loops forever, one frame per input frame, about 6 a second", () => {
    const frames = [
      solid(12, 8, [255, 0, 0]),
      solid(12, 8, [0, 255, 0]),
      solid(12, 8, [0, 0, 255]),
      solid(12, 8, [255, 255, 0]),
    ];
    const info = readGif(encodeGif(frames));
    expect(info).toEqual({
      version: "GIF89a",
      width: 12,
      height: 8,
      frames: 4,
      delaysMs: [FRAME_DELAY_MS, FRAME_DELAY_MS, FRAME_DELAY_MS, FRAME_DELAY_MS],
      loopCount: 0,
    });
  });

  it("takes the delay asked for", () => {
    const info = readGif(encodeGif([solid(4, 4, [1, 2, 3]), solid(4, 4, [9, 9, 9])], { delayMs: 500 }));
    expect(info.delaysMs).toEqual([500, 500]);
  });

  it("refuses no frames and frames of different sizes", () => {
    expect(() => encodeGif([])).toThrow(/at least one frame/);
    expect(() => encodeGif([solid(4, 4, [0, 0, 0]), solid(5, 4, [0, 0, 0])])).toThrow(/same size/);
  });
});
