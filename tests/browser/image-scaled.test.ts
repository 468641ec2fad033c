/**
 * Decoding at the size that is used (src/lib/image/scaled.ts) in headless Chromium: a JPEG decodes straight
 * at the smallest fast scale (1/2, 1/4, 1/8) that covers the target, upright, and anything it cannot take
 * that way decodes full size and is downscaled to exactly the target.
 */
import { describe, expect, it } from "vitest";
import { readImageHeader } from "@/lib/image";
import { decodeWithin } from "@/lib/image/scaled";
import { bytesOf, fixture, imgElement, meanDifference, thumbnail } from "./image-kit";

async function decode(name: string, maxSide: number) {
  const file = await fixture(name);
  const header = readImageHeader(await bytesOf(file));
  const { pixels, full } = await decodeWithin(file, header, maxSide);
  const canvas = new OffscreenCanvas(pixels.width, pixels.height);
  canvas.getContext("2d")!.drawImage(pixels.source, 0, 0);
  pixels.close();
  return {
    size: { width: pixels.width, height: pixels.height },
    full,
    picture: await canvas.convertToBlob(),
  };
}

describe("decodeWithin", () => {
  it.each([
    // 2000 is within 5% of 2048: half scale, stretched the rest of the way when encoded.
    ["photo-12mp.jpg", 2048, { width: 2000, height: 1500 }, { width: 4000, height: 3000 }],
    ["photo-12mp.jpg", 1024, { width: 1000, height: 750 }, { width: 4000, height: 3000 }],
    ["photo-12mp.jpg", 500, { width: 500, height: 375 }, { width: 4000, height: 3000 }],
    // No fast scale covers 3000: the full decode, downscaled.
    ["photo-12mp.jpg", 3000, { width: 3000, height: 2250 }, { width: 4000, height: 3000 }],
    // EXIF orientation 6: the stored 4000x3000 decodes at half scale and comes out upright.
    ["photo-12mp-exif-rotated.jpg", 2048, { width: 1500, height: 2000 }, { width: 3000, height: 4000 }],
    // Not a JPEG: decoded full size, downscaled to exactly the fit.
    ["coffee.webp", 300, { width: 300, height: 200 }, { width: 600, height: 400 }],
    ["cat-chelsea.png", 1000, { width: 451, height: 300 }, { width: 451, height: 300 }],
  ] as const)("%s within %i -> %o of %o", async (name, maxSide, size, full) => {
    const decoded = await decode(name, maxSide);
    expect(decoded.size).toEqual(size);
    expect(decoded.full).toEqual(full);
    // The picture as the browser shows the original (upright, not upside down), at 80 px.
    const scale = 80 / Math.max(size.width, size.height);
    const [w, h] = [Math.round(size.width * scale), Math.round(size.height * scale)];
    const original = await imgElement(await fixture(name));
    const ours = await thumbnail(decoded.picture, w, h);
    const upright = meanDifference(ours, await thumbnail(original, w, h));
    expect(upright).toBeLessThan(6);
    expect(meanDifference(ours, await thumbnail(original, w, h, true))).toBeGreaterThan(upright * 3);
  });

  it("a damaged JPEG is left to the full decode, which rejects it", async () => {
    const bytes = await bytesOf(await fixture("photo-12mp.jpg"));
    const cut = new Blob([bytes.slice(0, 2_000_000)], { type: "image/jpeg" });
    const header = readImageHeader(bytes)!;
    await expect(decodeWithin(cut, header, 2048)).rejects.toThrow("The image could not be decoded");
  });
});
