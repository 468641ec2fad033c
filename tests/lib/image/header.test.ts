/**
 * What an image's first bytes say, before any decode: the type and header of every fixture, the type
 * sniffed from a signature or an ftyp brand (never the name), and decompression bombs refused by size.
 */
import {
  ImageInputError,
  MAX_PIXELS,
  assertDecodable,
  orientedSize,
  readImageHeader,
  sniffImageType,
  type ImageHeader,
} from "@/lib/image";
import { ascii, box, concat, fixtureBytes, fixtureNames, pngHeader, u32be, u32le } from "./bytes";

const FIXTURES: [name: string, header: ImageHeader | null][] = [
  ["cat-chelsea.gif", { type: "gif", width: 226, height: 150, orientation: 1 }],
  ["cat-chelsea.heic", { type: "heic", width: 451, height: 300, orientation: 1 }],
  ["cat-chelsea.png", { type: "png", width: 451, height: 300, orientation: 1 }],
  ["coffee.png", { type: "png", width: 600, height: 400, orientation: 1 }],
  ["coffee.webp", { type: "webp", width: 600, height: 400, orientation: 1 }],
  ["empty.png", null],
  ["not-an-image.jpg", null],
  ["photo-12mp-exif-rotated.jpg", { type: "jpeg", width: 4000, height: 3000, orientation: 6 }],
  ["photo-12mp.jpg", { type: "jpeg", width: 4000, height: 3000, orientation: 1 }],
  ["portrait-astronaut.png", { type: "png", width: 512, height: 512, orientation: 1 }],
  // Cut off after 400 bytes: the frame header is there, the scan data is not.
  ["truncated.jpg", { type: "jpeg", width: 100, height: 100, orientation: 1 }],
];

describe("fixtures", () => {
  it("covers every file in tests/fixtures/images", () => {
    expect(FIXTURES.map(([name]) => name).sort()).toEqual(fixtureNames());
  });

  it.each(FIXTURES)("%s: sniffed type and header", (name, expected) => {
    const bytes = fixtureBytes(name);
    expect(sniffImageType(bytes)).toBe(expected?.type ?? null);
    expect(readImageHeader(bytes)).toEqual(expected);
  });

  it("reads EXIF orientation 6 from the rotated photo: stored 4000x3000, shown 3000x4000", () => {
    const header = readImageHeader(fixtureBytes("photo-12mp-exif-rotated.jpg"));
    expect(header?.orientation).toBe(6);
    expect(orientedSize(header!)).toEqual({ width: 3000, height: 4000 });
  });

  it("never trusts the name: a text file called .jpg is not an image", () => {
    expect(sniffImageType(fixtureBytes("not-an-image.jpg"))).toBeNull();
  });
});

describe("sniffImageType", () => {
  it.each([
    ["too short for any signature", [0xff, 0xd8]],
    ["plain text starting with BM", ascii("BMW owners club newsletter, 2026 edition")],
    ["an MP4 video (ftyp isom)", box("ftyp", concat(ascii("isom"), u32be(0), ascii("isomiso2mp41")))],
    ["a RIFF file that is not WEBP", concat(ascii("RIFF"), u32le(4), ascii("WAVE"))],
  ])("%s -> null", (_label, bytes) => {
    expect(sniffImageType(Uint8Array.from(bytes))).toBeNull();
  });

  it.each([
    ["heic", "heic", []],
    ["heix", "heic", []],
    ["hevc", "heic", []],
    ["heim", "heic", []],
    ["heis", "heic", []],
    ["hevm", "heic", []],
    ["hevs", "heic", []],
    ["mif1", "heif", []],
    ["msf1", "heif", []],
    ["mif1", "heic", ["mif1", "heic"]],
    ["mif1", "avif", ["mif1", "miaf", "avif"]],
    ["avif", "avif", ["avif", "mif1"]],
    ["avis", "avif", []],
  ])("ftyp major brand %s (compatible %j) -> %s", (major, expected, compatible) => {
    const ftyp = box("ftyp", concat(ascii(major), u32be(0), ...compatible.map(ascii)));
    expect(sniffImageType(ftyp)).toBe(expected);
  });
});

describe("assertDecodable: decompression bombs are refused before any decode", () => {
  it("MAX_PIXELS is 50 megapixels", () => {
    expect(MAX_PIXELS).toBe(50_000_000);
  });

  it("a PNG header claiming 100000x100000 -> too-large, with the size in the message", () => {
    const header = readImageHeader(pngHeader(100_000, 100_000));
    expect(header).toEqual({ type: "png", width: 100_000, height: 100_000, orientation: 1 });
    let error: unknown;
    try {
      assertDecodable(header);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ImageInputError);
    expect(error).toMatchObject({
      kind: "too-large",
      message: "This image is too large to process (10,000 megapixels).",
    });
  });

  it("50 MP exactly passes; one pixel row more does not", () => {
    expect(() =>
      assertDecodable({ type: "jpeg", width: 10_000, height: 5_000, orientation: 1 }),
    ).not.toThrow();
    expect(() => assertDecodable({ type: "jpeg", width: 10_000, height: 5_001, orientation: 1 })).toThrow(
      expect.objectContaining({ kind: "too-large", message: expect.stringContaining("(50 megapixels)") }),
    );
  });

  it("an unreadable header -> corrupt", () => {
    expect(() => assertDecodable(null)).toThrow(expect.objectContaining({ kind: "corrupt" }));
  });
});
