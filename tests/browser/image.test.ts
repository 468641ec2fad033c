/**
 * loadImage and prepareImage on every fixture format in headless Chromium (vitest browser mode): real
 * decoding, downscaling, EXIF orientation, canvas encoding as JPEG or PNG, and HEIC converted by the
 * lazily loaded decoder.
 */
import { describe, expect, it } from "vitest";
import { loadImage, prepareImage, type LoadedImage } from "@/lib/image";
import {
  bytesOf,
  contains,
  expectValidPrepared,
  fixture,
  heicModuleFetched,
  imgElement,
  meanDifference,
  thumbnail,
} from "./image-kit";

describe("loadImage + prepareImage in Chromium", () => {
  it.each([
    ["cat-chelsea.png", "png", 451, 300],
    ["coffee.webp", "webp", 600, 400],
    ["cat-chelsea.gif", "gif", 226, 150],
  ] as const)(
    "%s: loads (%s %ix%i), previews, prepares without upscaling",
    async (name, type, width, height) => {
      const image = await loadImage(await fixture(name));
      try {
        expect(image).toMatchObject({ type, width, height });
        const preview = await imgElement(await (await fetch(image.previewUrl)).blob());
        expect([preview.naturalWidth, preview.naturalHeight]).toEqual([width, height]);
        const prepared = await prepareImage(image);
        await expectValidPrepared(prepared, { width, height });
        // Same picture: close to the browser's own rendering of the original.
        const reference = await thumbnail(await imgElement(image.file), 60, 40);
        expect(meanDifference(await thumbnail(prepared.blob, 60, 40), reference)).toBeLessThan(6);
      } finally {
        image.release();
      }
    },
  );

  it("the real type wins over the name and the declared type", async () => {
    const png = await fixture("cat-chelsea.png", "image/jpeg");
    const image = await loadImage(new File([png], "holiday.jpg", { type: "image/jpeg" }));
    expect(image.type).toBe("png");
    image.release();
  });

  it("the HEIC decoder has not been loaded for the other formats", () => {
    expect(heicModuleFetched()).toBe(false);
  });

  it("12 MP JPEG: downscaled to 2048x1536, re-encoded as JPEG", async () => {
    const file = await fixture("photo-12mp.jpg");
    const image = await loadImage(file);
    try {
      expect(image).toMatchObject({ type: "jpeg", width: 4000, height: 3000 });
      const prepared = await prepareImage(image);
      await expectValidPrepared(prepared, { width: 2048, height: 1536 });
      expect(prepared.base64.length).toBeLessThan(1.5 * 1024 * 1024);
      expect(prepared.bytes).toBeLessThan(file.size / 3);
      const reference = await thumbnail(await imgElement(file), 80, 60);
      expect(meanDifference(await thumbnail(prepared.blob, 80, 60), reference)).toBeLessThan(6);
    } finally {
      image.release();
    }
  });

  it("EXIF Orientation 6: comes out portrait 1536x2048, upright, with no EXIF or GPS", async () => {
    const file = await fixture("photo-12mp-exif-rotated.jpg");
    expect(contains(await bytesOf(file), "Exif")).toBe(true); // the original does carry it
    const image = await loadImage(file);
    try {
      expect(image).toMatchObject({ type: "jpeg", width: 3000, height: 4000 });
      const prepared = await prepareImage(image);
      await expectValidPrepared(prepared, { width: 1536, height: 2048 });
      const bytes = await bytesOf(prepared.blob);
      expect(contains(bytes, "GPS")).toBe(false);
      // Upright as the browser shows the original, and clearly not upside down.
      const ours = await thumbnail(prepared.blob, 60, 80);
      const img = await imgElement(file);
      expect([img.naturalWidth, img.naturalHeight]).toEqual([3000, 4000]);
      const upright = meanDifference(ours, await thumbnail(img, 60, 80));
      const upsideDown = meanDifference(ours, await thumbnail(img, 60, 80, true));
      expect(upright).toBeLessThan(6);
      expect(upsideDown).toBeGreaterThan(upright * 5);
    } finally {
      image.release();
    }
  });

  it("frog options: longest side 1024, JPEG quality 0.92", async () => {
    const image = await loadImage(await fixture("photo-12mp-exif-rotated.jpg"));
    try {
      const frog = await prepareImage(image, { maxSide: 1024, quality: 0.92 });
      await expectValidPrepared(frog, { width: 768, height: 1024 });
      const lower = await prepareImage(image, { maxSide: 1024, quality: 0.5 });
      expect(lower.bytes).toBeLessThan(frog.bytes); // the quality reaches the encoder
      expect(frog.bytes).toBeGreaterThan(50_000); // a photo this size takes frog's subject-transform prompt
    } finally {
      image.release();
    }
  });

  it("PNG output on request", async () => {
    const prepared = await prepareImage(await fixture("coffee.webp"), {
      mimeType: "image/png",
      maxSide: 300,
    });
    await expectValidPrepared(prepared, { width: 300, height: 200 }, "image/png");
  });

  it("a maxSide above the kept working size decodes the original again", async () => {
    const image = await loadImage(await fixture("photo-12mp.jpg"));
    try {
      await expectValidPrepared(await prepareImage(image, { maxSide: 3000 }), { width: 3000, height: 2250 });
      await expectValidPrepared(await prepareImage(image, { maxSide: 10_000 }), {
        width: 4000,
        height: 3000,
      });
    } finally {
      image.release();
    }
  });

  it("transparent pixels become white in a JPEG, and stay transparent in a PNG", async () => {
    const canvas = new OffscreenCanvas(40, 20);
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#ff0000";
    ctx.fillRect(0, 0, 20, 20); // left half red, right half transparent
    const file = new File([await canvas.convertToBlob({ type: "image/png" })], "logo.png", {
      type: "image/png",
    });
    const pixelAt = async (blob: Blob, x: number) => {
      const c = new OffscreenCanvas(40, 20).getContext("2d")!;
      c.drawImage(await createImageBitmap(blob), 0, 0);
      return Array.from(c.getImageData(x, 10, 1, 1).data);
    };
    const jpeg = await prepareImage(file);
    const [r, g, b] = await pixelAt(jpeg.blob, 35);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(245);
    const png = await prepareImage(file, { mimeType: "image/png" });
    expect(await pixelAt(png.blob, 35)).toEqual([0, 0, 0, 0]);
    expect(await pixelAt(png.blob, 5)).toEqual([255, 0, 0, 255]);
  });

  it("release() revokes the preview URL; preparing afterwards still works", async () => {
    const image = await loadImage(await fixture("cat-chelsea.png"));
    const { previewUrl } = image;
    expect((await fetch(previewUrl)).ok).toBe(true);
    image.release();
    image.release(); // twice is harmless
    await expect(fetch(previewUrl)).rejects.toThrow();
    await expectValidPrepared(await prepareImage(image, { maxSide: 200 }), { width: 200, height: 133 });
  });

  it("HEIC: converted in the browser by the lazily loaded decoder", async () => {
    expect(heicModuleFetched()).toBe(false);
    const file = await fixture("cat-chelsea.heic", "image/heic");
    let image: LoadedImage | undefined;
    try {
      image = await loadImage(file);
      expect(heicModuleFetched()).toBe(true);
      expect(image).toMatchObject({ type: "heic", width: 451, height: 300 });
      // The preview is a browser-displayable conversion, not the HEIC itself.
      const previewBlob = await (await fetch(image.previewUrl)).blob();
      expect(previewBlob.type).toBe("image/jpeg");
      const preview = await imgElement(previewBlob);
      expect([preview.naturalWidth, preview.naturalHeight]).toEqual([451, 300]);
      const prepared = await prepareImage(image);
      await expectValidPrepared(prepared, { width: 451, height: 300 });
      // Same picture as the PNG it was made from.
      const png = await thumbnail(await fixture("cat-chelsea.png"), 90, 60);
      expect(meanDifference(await thumbnail(prepared.blob, 90, 60), png)).toBeLessThan(6);
      // A File straight to prepareImage works too.
      await expectValidPrepared(await prepareImage(file, { maxSide: 300 }), { width: 300, height: 200 });
    } finally {
      image?.release();
    }
  });
});
