import { describe, expect, it } from "vitest";
import { encodeGif } from "@/tools/animator/gif";
import { MAX_FRAME_SIDE, SheetError, splitSheet } from "@/tools/animator/sprite-sheet";
import { readGif } from "../features/animator-gif";

// The Character Animator's sheet cutting and GIF encoding with a real canvas and a real GIF decoder
// (headless Chromium, vitest browser mode).

const COLOURS: [number, number, number][] = [
  [230, 30, 30],
  [30, 200, 60],
  [30, 70, 230],
  [250, 210, 20],
];

/** A 2x2 sheet whose quarters are the four COLOURS, each with a white dot in a different place. */
async function sheet(width: number, height: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  const w = width / 2;
  const h = height / 2;
  COLOURS.forEach(([r, g, b], i) => {
    ctx.fillStyle = `rgb(${r} ${g} ${b})`;
    ctx.fillRect((i % 2) * w, Math.floor(i / 2) * h, w, h);
  });
  return canvas.convertToBlob({ type: "image/png" });
}

function pixel(data: Uint8ClampedArray | Uint8Array, width: number, x: number, y: number) {
  const i = (y * width + x) * 4;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

function close(a: number[], b: number[], tolerance = 12) {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
}

describe("splitSheet", () => {
  it("cuts a 2x2 sheet into its four quarters, in reading order, as pixels and PNGs", async () => {
    const frames = await splitSheet(await sheet(320, 200));
    expect(frames).toHaveLength(4);
    for (const [i, frame] of frames.entries()) {
      expect([frame.width, frame.height]).toEqual([160, 100]);
      expect(frame.url).toMatch(/^data:image\/png;base64,/);
      // The middle and the corners of each frame are its quarter's colour: nothing of the others.
      for (const [x, y] of [
        [80, 50],
        [1, 1],
        [158, 98],
      ] as const) {
        expect(close(pixel(frame.data, frame.width, x, y), COLOURS[i]!), `frame ${i + 1} at ${x},${y}`).toBe(
          true,
        );
      }
      const decoded = await createImageBitmap(await (await fetch(frame.url)).blob());
      expect([decoded.width, decoded.height]).toEqual([160, 100]);
    }
  });

  it("scales big frames down to the player's size", async () => {
    const frames = await splitSheet(await sheet(2048, 1152));
    expect(frames[0]!.width).toBe(MAX_FRAME_SIDE);
    expect(frames[0]!.height).toBe(288);
  });

  it("refuses what is not a picture, or too small to hold four frames", async () => {
    await expect(splitSheet(new Blob(["not a picture"], { type: "image/png" }))).rejects.toBeInstanceOf(
      SheetError,
    );
    await expect(splitSheet(await sheet(6, 6))).rejects.toThrow(/too small/);
  });
});

describe("the GIF of the frames", () => {
  it("decodes in the browser as four looping frames of the sheet's colours", async () => {
    const frames = await splitSheet(await sheet(240, 160));
    const bytes = encodeGif(frames);
    expect(readGif(bytes)).toMatchObject({ version: "GIF89a", frames: 4, loopCount: 0 });

    const decoder = new ImageDecoder({ data: bytes, type: "image/gif" });
    await decoder.tracks.ready;
    await decoder.completed;
    expect(decoder.tracks.selectedTrack?.frameCount).toBe(4);
    for (let i = 0; i < 4; i++) {
      const { image } = await decoder.decode({ frameIndex: i });
      const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(image, 0, 0);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      expect(close(pixel(data, canvas.width, 60, 40), COLOURS[i]!, 24), `GIF frame ${i + 1}`).toBe(true);
      image.close();
    }
    decoder.close();
  });
});
