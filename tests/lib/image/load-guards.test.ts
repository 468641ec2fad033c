import {
  ImageInputError,
  isImageInputError,
  loadImage,
  prepareImage,
  type ImageInputErrorKind,
} from "@/lib/image";
import { ascii, concat, fixtureBytes, pngHeader } from "./bytes";

/** jsdom has no image decoder: a spy stands in for it, so a test can prove no decode was attempted. */
const decode = vi.fn(() => Promise.reject(new Error("decode must not be reached")));

beforeEach(() => {
  vi.stubGlobal("createImageBitmap", decode);
});
afterEach(() => {
  vi.unstubAllGlobals();
  decode.mockClear();
});

const file = (bytes: Uint8Array | number[], name: string, type = "image/jpeg") =>
  new File([Uint8Array.from(bytes)], name, { type });

async function rejection(promise: Promise<unknown>): Promise<ImageInputError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isImageInputError(error)) throw new Error(`expected an ImageInputError, got ${String(error)}`);
  return error;
}

describe("loadImage / prepareImage refuse bad input before decoding", () => {
  // What is wrong, then one advice that fits it: a damaged JPEG is not told to choose a JPG (issue 27).
  it.each<[string, () => File, ImageInputErrorKind, string, string]>([
    [
      "empty.png",
      () => file(fixtureBytes("empty.png"), "empty.png", "image/png"),
      "empty",
      "This file is empty.",
      "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format.",
    ],
    [
      "not-an-image.jpg (typed image/jpeg by its name)",
      () => file(fixtureBytes("not-an-image.jpg"), "not-an-image.jpg"),
      "not-image",
      "This file is not an image.",
      "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format.",
    ],
    [
      "a PNG header claiming 100000x100000",
      () => file(pngHeader(100_000, 100_000), "bomb.png", "image/png"),
      "too-large",
      "This image is too large to process (10,000 megapixels).",
      "Choose a smaller photo, or a screenshot of this one.",
    ],
    [
      "a JPEG cut before its frame header",
      () => file(fixtureBytes("photo-12mp.jpg").slice(0, 120), "cut.jpg"),
      "corrupt",
      "This photo is damaged or incomplete, so it can't be opened.",
      "Try another photo, or copy this one to your device again (a download or transfer may have been cut short).",
    ],
    [
      "a TIFF",
      () => file(concat(ascii("II*\0"), [8, 0, 0, 0, 0, 0]), "scan.tif", "image/tiff"),
      "unsupported",
      "This image format can't be opened here.",
      "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format.",
    ],
    [
      "an SVG",
      () =>
        file(
          ascii('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
          "a.svg",
          "image/svg+xml",
        ),
      "unsupported",
      "This image format can't be opened here.",
      "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format.",
    ],
  ])("%s -> %s", async (_label, makeFile, kind, message, advice) => {
    for (const run of [() => loadImage(makeFile()), () => prepareImage(makeFile())]) {
      const error = await rejection(run());
      expect(error).toBeInstanceOf(ImageInputError);
      expect(error.kind).toBe(kind);
      expect(error.message).toBe(message);
      expect(error.advice).toBe(advice);
    }
    expect(decode).not.toHaveBeenCalled();
  });

  it("a huge file whose header is fine is not refused for its size: the decoder is reached", async () => {
    const error = await rejection(loadImage(file(pngHeader(4000, 3000), "fine.png", "image/png")));
    expect(decode).toHaveBeenCalledTimes(1);
    expect(error.kind).toBe("corrupt"); // the stand-in decoder fails, as a real one would on a bare header
  });
});

describe("ImageInputError", () => {
  it("is recognised by isImageInputError, and nothing else is", () => {
    const error = new ImageInputError("corrupt");
    expect(isImageInputError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ImageInputError");
    expect(isImageInputError(new Error("corrupt"))).toBe(false);
    expect(isImageInputError({ kind: "corrupt", message: "x" })).toBe(false);
    expect(isImageInputError(null)).toBe(false);
  });

  it.each<ImageInputErrorKind>(["empty", "not-image", "corrupt", "too-large", "unsupported"])(
    "%s: one plain sentence by default",
    (kind) => {
      const { message } = new ImageInputError(kind);
      expect(message).toMatch(/^[A-Z][^\n]*\.$/);
      expect(message).not.toMatch(/undefined|\{|\}/);
    },
  );
});
