import { describe, expect, it } from "vitest";
import {
  ImageInputError,
  isImageInputError,
  loadImage,
  pickImageFile,
  prepareImage,
  type ImageInputErrorKind,
  type LoadedImage,
  type PreparedImage,
} from "@/lib/image";

// Real decoding, canvas encoding and HEIC conversion, in headless Chromium (vitest browser mode).

async function fixture(name: string, type?: string): Promise<File> {
  // A template literal Vite can see: it serves tests/fixtures/images/* for it.
  const response = await fetch(new URL(`../fixtures/images/${name}`, import.meta.url));
  if (!response.ok) throw new Error(`fixture ${name}: HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], name, { type: type ?? blob.type });
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Whether the bytes hold an ASCII marker, e.g. "Exif" (the APP1 metadata segment). */
function contains(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (c) => c.charCodeAt(0));
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let k = 0; k < needle.length; k++) if (bytes[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/** Checks the prepared result is what it says: size, type, base64 of the blob, and a decodable image. */
async function expectValidPrepared(
  prepared: PreparedImage,
  size: { width: number; height: number },
  mimeType: "image/jpeg" | "image/png" = "image/jpeg",
) {
  expect({ width: prepared.width, height: prepared.height }).toEqual(size);
  expect(prepared.mimeType).toBe(mimeType);
  expect(prepared.blob.type).toBe(mimeType);
  expect(prepared.bytes).toBe(prepared.blob.size);
  expect(prepared.base64).not.toMatch(/^data:/);
  const bytes = await bytesOf(prepared.blob);
  expect(sameBytes(base64ToBytes(prepared.base64), bytes)).toBe(true);
  if (mimeType === "image/jpeg") expect(Array.from(bytes.slice(0, 3))).toEqual([0xff, 0xd8, 0xff]);
  else expect(Array.from(bytes.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
  expect(contains(bytes, "Exif")).toBe(false); // no EXIF (and so no GPS) leaves the device
  const decoded = await createImageBitmap(prepared.blob);
  expect({ width: decoded.width, height: decoded.height }).toEqual(size);
  decoded.close();
}

/** Pixels of an image drawn at a small fixed size, for comparing pictures. */
async function thumbnail(source: Blob | HTMLImageElement, width: number, height: number, turn180 = false) {
  const image = source instanceof Blob ? await createImageBitmap(source) : source;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext("2d")!;
  ctx.imageSmoothingQuality = "high"; // averages, so the pictures compare and not their aliasing
  if (turn180) ctx.setTransform(-1, 0, 0, -1, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height).data;
}

function meanDifference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i]! - b[i]!);
  return sum / ((a.length / 4) * 3);
}

/** The browser's own rendering of a file in an <img> (which honours EXIF orientation): the reference picture. */
async function imgElement(file: Blob): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = URL.createObjectURL(file);
  await img.decode();
  return img;
}

async function rejection(promise: Promise<unknown>): Promise<ImageInputError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isImageInputError(error)) throw new Error(`expected an ImageInputError, got ${String(error)}`);
  return error;
}

function heicModuleFetched(): boolean {
  return performance.getEntriesByType("resource").some((entry) => entry.name.includes("heic-to"));
}

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

describe("bad input -> ImageInputError with the right kind", () => {
  it.each<[string, string, ImageInputErrorKind]>([
    ["truncated.jpg", "image/jpeg", "corrupt"],
    ["empty.png", "image/png", "empty"],
    ["not-an-image.jpg", "image/jpeg", "not-image"],
  ])("%s -> %s", async (name, type, kind) => {
    for (const run of [loadImage, prepareImage]) {
      const error = await rejection(run(await fixture(name, type)));
      expect(error.kind).toBe(kind);
    }
  });

  it("a HEIC whose data is cut off -> corrupt", async () => {
    const heic = await bytesOf(await fixture("cat-chelsea.heic"));
    const cut = new File([heic.slice(0, 6000)], "cut.heic", { type: "image/heic" });
    expect((await rejection(loadImage(cut))).kind).toBe("corrupt");
  });

  it("a PNG cut in the middle of its pixels -> corrupt", async () => {
    const png = await bytesOf(await fixture("coffee.png"));
    const cut = new File([png.slice(0, 20_000)], "cut.png", { type: "image/png" });
    expect((await rejection(loadImage(cut))).kind).toBe("corrupt");
  });
});

describe("pickImageFile with a real FileList", () => {
  it("drop takes the first image, the picker the first file", () => {
    const text = new File(["notes"], "notes.txt", { type: "text/plain" });
    const png = new File(["png"], "a.png", { type: "image/png" });
    const transfer = new DataTransfer();
    transfer.items.add(text);
    transfer.items.add(png);
    expect(pickImageFile(transfer.files, "drop")).toBe(transfer.files[1]);
    expect(pickImageFile(transfer.files, "drop")?.name).toBe("a.png");
    expect(pickImageFile(transfer.files, "picker")?.name).toBe("notes.txt");
  });
});
