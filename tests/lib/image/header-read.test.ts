/**
 * readImageHeader on hand-built headers of every format: JPEG (EXIF orientation, SOF2, cut off), PNG,
 * GIF, WEBP (VP8L, VP8X), BMP, and HEIC/AVIF (the primary item's size, irot/imir as an orientation).
 */
import { readImageHeader } from "@/lib/image";
import { ascii, box, concat, fixtureBytes, jpegHeader, pngHeader, u16le, u32be, u32le } from "./bytes";

describe("readImageHeader", () => {
  it("JPEG: big-endian EXIF orientation", () => {
    expect(readImageHeader(jpegHeader(640, 480, { orientation: 8 }))).toEqual({
      type: "jpeg",
      width: 640,
      height: 480,
      orientation: 8,
    });
  });

  it("JPEG: little-endian EXIF orientation, fill bytes before the frame header", () => {
    expect(readImageHeader(jpegHeader(33, 44, { orientation: 3, littleEndian: true }))).toMatchObject({
      width: 33,
      height: 44,
      orientation: 3,
    });
  });

  it("JPEG: an out-of-range orientation counts as 1", () => {
    expect(readImageHeader(jpegHeader(10, 20, { orientation: 9 }))?.orientation).toBe(1);
  });

  it("JPEG: progressive frame header (SOF2)", () => {
    const bytes = jpegHeader(300, 200);
    bytes[bytes.indexOf(0xc0)] = 0xc2;
    expect(readImageHeader(bytes)).toMatchObject({ width: 300, height: 200 });
  });

  it("JPEG: cut off before the frame header -> null", () => {
    expect(readImageHeader(fixtureBytes("photo-12mp.jpg").slice(0, 120))).toBeNull();
    expect(readImageHeader(fixtureBytes("truncated.jpg").slice(0, 150))).toBeNull();
  });

  it("JPEG: scan data before any frame header -> null", () => {
    expect(readImageHeader(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0, 0xff, 0xd9]))).toBeNull();
  });

  it("PNG: IHDR, and null when cut inside it", () => {
    expect(readImageHeader(pngHeader(7, 9))).toEqual({ type: "png", width: 7, height: 9, orientation: 1 });
    expect(readImageHeader(pngHeader(7, 9).slice(0, 20))).toBeNull();
  });

  it("GIF: logical screen size", () => {
    const gif = concat(ascii("GIF89a"), u16le(320), u16le(240), [0, 0, 0]);
    expect(readImageHeader(gif)).toEqual({ type: "gif", width: 320, height: 240, orientation: 1 });
  });

  it("WEBP: lossless (VP8L) and extended (VP8X)", () => {
    // VP8L: signature 0x2f, then 14-bit width-1 and height-1: 1000x750.
    const w = 999;
    const h = 749;
    const bits = w | (h << 14);
    const vp8l = concat(
      ascii("RIFF"),
      u32le(30),
      ascii("WEBPVP8L"),
      u32le(10),
      [0x2f],
      u32le(bits),
      [0, 0, 0, 0, 0],
    );
    expect(readImageHeader(vp8l)).toEqual({ type: "webp", width: 1000, height: 750, orientation: 1 });

    const u24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
    const vp8x = concat(
      ascii("RIFF"),
      u32le(30),
      ascii("WEBPVP8X"),
      u32le(10),
      [0, 0, 0, 0],
      u24(4095),
      u24(2),
      [0],
    );
    expect(readImageHeader(vp8x)).toEqual({ type: "webp", width: 4096, height: 3, orientation: 1 });
  });

  it("BMP: info header (bottom-up and top-down) and core header", () => {
    const info = (height: number) =>
      concat(
        ascii("BM"),
        u32le(0),
        u32le(0),
        u32le(54),
        u32le(40),
        u32le(640),
        u32le(height >>> 0),
        [1, 0, 24, 0],
      );
    expect(readImageHeader(info(480))).toEqual({ type: "bmp", width: 640, height: 480, orientation: 1 });
    expect(readImageHeader(info(-480))).toMatchObject({ width: 640, height: 480 });
    const core = concat(
      ascii("BM"),
      u32le(0),
      u32le(0),
      u32le(26),
      u32le(12),
      u16le(64),
      u16le(32),
      [1, 0, 24, 0],
    );
    expect(readImageHeader(core)).toMatchObject({ type: "bmp", width: 64, height: 32 });
  });

  describe("HEIC/AVIF: ispe of the primary item, irot/imir as an orientation", () => {
    const ispe = (w: number, h: number) => box("ispe", concat(u32be(w), u32be(h)), {});
    const heif = (brand: string, properties: Uint8Array[], primaryProps: number[], thumbProps: number[]) =>
      concat(
        box("ftyp", concat(ascii(brand), u32be(0), ascii("mif1"), ascii(brand))),
        box(
          "meta",
          concat(
            box("hdlr", concat(u32be(0), ascii("pict"), new Uint8Array(13)), {}),
            box("pitm", [0, 1], {}),
            box(
              "iprp",
              concat(
                box("ipco", concat(...properties)),
                box(
                  "ipma",
                  concat(
                    u32be(2),
                    [0, 2, thumbProps.length, ...thumbProps.map((p) => p | 0x80)],
                    [0, 1, primaryProps.length, ...primaryProps.map((p) => p | 0x80)],
                  ),
                  {},
                ),
              ),
            ),
          ),
          {},
        ),
        box("mdat", [1, 2, 3]),
      );

    it("picks the primary item, not a thumbnail listed first", () => {
      const bytes = heif("heic", [ispe(320, 240), ispe(4032, 3024)], [2], [1]);
      expect(readImageHeader(bytes)).toEqual({ type: "heic", width: 4032, height: 3024, orientation: 1 });
    });

    it.each([
      ["irot 90 (anticlockwise)", [box("irot", [1])], 8],
      ["irot 180", [box("irot", [2])], 3],
      ["irot 270", [box("irot", [3])], 6],
      ["imir left-right", [box("imir", [0])], 2],
      ["imir top-bottom", [box("imir", [1])], 4],
      ["irot 90 then imir left-right", [box("irot", [1]), box("imir", [0])], 7],
      ["irot 270 then imir left-right", [box("irot", [3]), box("imir", [0])], 5],
    ])("%s -> EXIF orientation %i", (_label, transforms, orientation) => {
      const props = [ispe(4032, 3024), ...transforms];
      const bytes = heif("heic", props, [1, ...transforms.map((_, i) => i + 2)], []);
      expect(readImageHeader(bytes)).toEqual({ type: "heic", width: 4032, height: 3024, orientation });
    });

    it("AVIF the same way", () => {
      expect(readImageHeader(heif("avif", [ispe(1920, 1080)], [1], []))).toMatchObject({
        type: "avif",
        width: 1920,
        height: 1080,
      });
    });

    it("without item associations: the largest ispe", () => {
      const bytes = concat(
        box("ftyp", concat(ascii("heic"), u32be(0))),
        box("meta", box("iprp", box("ipco", concat(ispe(64, 64), ispe(800, 600), ispe(100, 100)))), {}),
      );
      expect(readImageHeader(bytes)).toMatchObject({ width: 800, height: 600, orientation: 1 });
    });

    it("no meta box -> null", () => {
      expect(readImageHeader(box("ftyp", concat(ascii("heic"), u32be(0))))).toBeNull();
    });
  });

  it("a zero width or height -> null", () => {
    expect(readImageHeader(pngHeader(0, 10))).toBeNull();
    expect(readImageHeader(jpegHeader(10, 0))).toBeNull();
  });
});
