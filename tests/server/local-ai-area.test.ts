/**
 * A region edit on the local preview engine (issue 29 §1): a style tool's call with `area` in its input
 * sends the photo and, last, the area (white on black); only the area changes: every pixel outside it is
 * the photo's as the engine decoded it, and inside the style shows.
 */
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { decode, fixture, partsOf, postTool } from "./helpers.ts";

/** A white-on-black PNG of width x height with the rectangle [x0, x1) x [y0, y1) white. */
async function maskPng(width: number, height: number, [x0, y0, x1, y1]: number[]): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = y0!; y < y1!; y++)
    for (let x = x0!; x < x1!; x++) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe("a region edit", () => {
  test("hulk inside the area only: the rest of the photo is untouched", async () => {
    const photo = fixture("cat-chelsea.png");
    const { width, height } = await sharp(photo).metadata();
    // The area on a mask of half the photo's size: the engine scales it to the photo.
    const rect = [
      Math.round(width! * 0.25),
      Math.round(height! * 0.25),
      Math.round(width! * 0.75),
      Math.round(height! * 0.75),
    ];
    const mask = await maskPng(
      Math.round(width! / 2),
      Math.round(height! / 2),
      rect.map((v) => Math.round(v / 2)),
    );
    const body = {
      contents: [
        {
          role: "user",
          parts: [
            { text: "Transform the person into the Hulk. Change only the area the second image marks." },
            { inlineData: { mimeType: "image/png", data: photo.toString("base64") } },
            { inlineData: { mimeType: "image/png", data: mask.toString("base64") } },
          ],
        },
      ],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
    };
    const parts = await partsOf(await postTool("hulk", { operation: "first", area: true }, body));
    expect(parts[0]!.text).toMatch(/inside the area/);
    const image = parts.find((part) => part.inlineData)!.inlineData!;
    const out = await decode(Buffer.from(image.data, "base64"));
    const original = await decode(photo, out.width, out.height);
    expect([out.width, out.height]).toEqual([original.width, original.height]);
    const scale = out.width / width!;
    let outside = 0;
    let changedInside = 0;
    for (let y = 0; y < out.height; y++) {
      for (let x = 0; x < out.width; x++) {
        const i = (y * out.width + x) * 3;
        const sx = x / scale;
        const sy = y / scale;
        const margin = 3 / scale;
        const inArea =
          sx >= rect[0]! - margin &&
          sx < rect[2]! + margin &&
          sy >= rect[1]! - margin &&
          sy < rect[3]! + margin;
        const same =
          out.data[i] === original.data[i] &&
          out.data[i + 1] === original.data[i + 1] &&
          out.data[i + 2] === original.data[i + 2];
        if (!inArea) {
          if (!same) throw new Error(`pixel ${x},${y} outside the area changed`);
          outside++;
        } else if (!same) changedInside++;
      }
    }
    expect(outside).toBeGreaterThan(out.width * out.height * 0.5);
    expect(changedInside).toBeGreaterThan(out.width * out.height * 0.1);
  });
});

describe("more than one photo in an edit", () => {
  test("Convert Anything with three further photos: each is visibly used, in its order", async () => {
    const photo = fixture("cat-chelsea.png");
    const solid = (r: number, g: number, b: number) =>
      sharp({ create: { width: 240, height: 240, channels: 3, background: { r, g, b } } })
        .png()
        .toBuffer();
    const colours = [
      [230, 20, 20],
      [20, 40, 230],
      [240, 220, 10],
    ] as const;
    const extras = await Promise.all(colours.map(([r, g, b]) => solid(r, g, b)));
    const body = {
      contents: [
        {
          role: "user",
          parts: [
            { text: "Photo 1 is the main photo. Put the things of photos 2, 3 and 4 in it." },
            { inlineData: { mimeType: "image/png", data: photo.toString("base64") } },
            ...extras.map((png) => ({ inlineData: { mimeType: "image/png", data: png.toString("base64") } })),
          ],
        },
      ],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
    };
    const parts = await partsOf(
      await postTool("cucumber", { operation: "custom", words: "put them in the middle" }, body),
    );
    const image = parts.find((part) => part.inlineData)!.inlineData!;
    const out = await decode(Buffer.from(image.data, "base64"));
    const at = (fx: number, fy: number) => {
      const i = (Math.round(out.height * fy) * out.width + Math.round(out.width * fx)) * 3;
      return [out.data[i]!, out.data[i + 1]!, out.data[i + 2]!];
    };
    // The first where the words say (the middle), the next ones in the lower corners.
    for (const [[fx, fy], colour] of [
      [[0.5, 0.5], colours[0]],
      [[0.2, 0.8], colours[1]],
      [[0.8, 0.8], colours[2]],
    ] as const) {
      const [r, g, b] = at(fx, fy);
      expect(Math.abs(r - colour[0]) + Math.abs(g - colour[1]) + Math.abs(b - colour[2])).toBeLessThan(40);
    }
  });
});
