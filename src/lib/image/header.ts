/**
 * An image's size and orientation read from its header without decoding, and the refusal of images too big
 * to decode.
 */
import { ascii, i32le, u16be, u16le, u24le, u32be } from "./bytes";
import { ImageInputError, imageInputErrorMessage } from "./errors";
import { sniffImageType, type SniffedType } from "./sniff";

/**
 * What the header says, without decoding: the STORED size (before orientation) and the EXIF-style
 * orientation 1..8 (JPEG EXIF; HEIC/AVIF irot/imir; 1 for the other formats).
 */
export type ImageHeader = { type: SniffedType; width: number; height: number; orientation: number };

/** A decompression bomb is refused before any decode: 50 MP is well above any phone camera's 48 MP. */
export const MAX_PIXELS = 50_000_000;

/** Reads width/height from the headers without decoding; null when the header is missing or unreadable. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const type = sniffImageType(bytes);
  if (!type) return null;
  let size: { width: number; height: number; orientation?: number } | null;
  switch (type) {
    case "jpeg":
      size = readJpeg(bytes);
      break;
    case "png":
      size = readPng(bytes);
      break;
    case "gif":
      size = bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : null;
      break;
    case "webp":
      size = readWebp(bytes);
      break;
    case "bmp":
      size = readBmp(bytes);
      break;
    case "heic":
    case "heif":
    case "avif":
      size = readIsoBmff(bytes);
      break;
  }
  if (!size || !(size.width > 0) || !(size.height > 0)) return null;
  return { type, width: size.width, height: size.height, orientation: size.orientation ?? 1 };
}

/** The displayed size: width and height swap for orientations 5 to 8 (a quarter turn). */
export function orientedSize(header: Pick<ImageHeader, "width" | "height" | "orientation">): {
  width: number;
  height: number;
} {
  return header.orientation >= 5
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height };
}

/**
 * Throws the ImageInputError for a header that must not be decoded: unreadable ("corrupt") or over
 * MAX_PIXELS ("too-large"). Called before any decode.
 */
export function assertDecodable(header: ImageHeader | null): asserts header is ImageHeader {
  if (!header) throw new ImageInputError("corrupt");
  const pixels = header.width * header.height;
  if (pixels > MAX_PIXELS) {
    throw new ImageInputError("too-large", imageInputErrorMessage("too-large", { megapixels: pixels / 1e6 }));
  }
}

// --- JPEG ---------------------------------------------------------------------------------------------

function isSofMarker(m: number): boolean {
  // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
  return m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
}

function readJpeg(b: Uint8Array): { width: number; height: number; orientation: number } | null {
  let orientation = 1;
  let i = 2;
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return null;
    let marker = b[i + 1]!;
    while (marker === 0xff && i + 2 < b.length) marker = b[++i + 1]!; // fill bytes
    i += 2;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return null; // end of image / scan data before any frame header
    if (i + 2 > b.length) return null;
    const length = u16be(b, i);
    if (length < 2) return null;
    if (isSofMarker(marker)) {
      if (i + 7 > b.length) return null;
      return { height: u16be(b, i + 3), width: u16be(b, i + 5), orientation };
    }
    if (marker === 0xe1 && ascii(b, i + 2, 6) === "Exif\0\0") {
      orientation = readExifOrientation(b, i + 8, Math.min(i + length, b.length)) ?? orientation;
    }
    i += length;
  }
  return null;
}

/** Orientation (tag 0x0112) from IFD0 of the TIFF structure in [start, end); null when absent or invalid. */
function readExifOrientation(b: Uint8Array, start: number, end: number): number | null {
  if (start + 8 > end) return null;
  const order = ascii(b, start, 2);
  if (order !== "II" && order !== "MM") return null;
  const le = order === "II";
  const u16 = (o: number) => (le ? u16le(b, o) : u16be(b, o));
  const u32 = (o: number) => (le ? i32le(b, o) >>> 0 : u32be(b, o));
  if (u16(start + 2) !== 42) return null;
  const ifd = start + u32(start + 4);
  if (ifd + 2 > end) return null;
  const count = u16(ifd);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > end) return null;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

// --- PNG, WEBP, BMP -----------------------------------------------------------------------------------

function readPng(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function readWebp(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8 ") {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const b1 = b[21]!;
    const b2 = b[22]!;
    const b3 = b[23]!;
    const b4 = b[24]!;
    return {
      width: 1 + (((b2 & 0x3f) << 8) | b1),
      height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)),
    };
  }
  if (chunk === "VP8X") return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return null;
}

function readBmp(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 26) return null;
  const dibSize = i32le(b, 14);
  if (dibSize === 12) return { width: u16le(b, 18), height: u16le(b, 20) };
  return { width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) }; // negative height = top-down
}

// --- HEIC / HEIF / AVIF (ISO-BMFF) ---------------------------------------------------------------------

type Box = { type: string; start: number; body: number; end: number };

function* boxes(b: Uint8Array, start: number, end: number): Generator<Box> {
  let i = start;
  while (i + 8 <= end) {
    let size = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    let body = i + 8;
    if (size === 1) {
      if (i + 16 > end) return;
      const high = u32be(b, i + 8);
      if (high !== 0) return; // over 4 GB: not a header we read
      size = u32be(b, i + 12);
      body = i + 16;
    } else if (size === 0) {
      size = end - i;
    }
    if (size < body - i || i + size > end) return;
    yield { type, start: i, body, end: i + size };
    i += size;
  }
}

function findBox(b: Uint8Array, start: number, end: number, type: string): Box | null {
  for (const box of boxes(b, start, end)) if (box.type === type) return box;
  return null;
}

/** Compose an EXIF-style orientation from HEIF transforms, applied in order (irot: anticlockwise quarter turns). */
class Orientation {
  mirror = false; // mirrored left-right first,
  clockwise = 0; // then turned clockwise by this many degrees

  rotateAnticlockwise(degrees: number): void {
    this.clockwise = (this.clockwise + 360 - degrees) % 360;
  }

  mirrorLeftRight(): void {
    this.mirror = !this.mirror;
    this.clockwise = (360 - this.clockwise) % 360;
  }

  mirrorTopBottom(): void {
    this.mirrorLeftRight();
    this.rotateAnticlockwise(180);
  }

  toExif(): number {
    const table: Record<number, [number, number]> = { 0: [1, 2], 90: [6, 7], 180: [3, 4], 270: [8, 5] };
    return table[this.clockwise]![this.mirror ? 1 : 0];
  }
}

function readIsoBmff(b: Uint8Array): { width: number; height: number; orientation: number } | null {
  const meta = findBox(b, 0, b.length, "meta");
  if (!meta) return null;
  const children = meta.body + 4; // full box: version and flags
  let primary: number | null = null;
  const pitm = findBox(b, children, meta.end, "pitm");
  if (pitm && pitm.body + 6 <= pitm.end)
    primary = b[pitm.body] === 0 ? u16be(b, pitm.body + 4) : u32be(b, pitm.body + 4);
  const iprp = findBox(b, children, meta.end, "iprp");
  if (!iprp) return null;
  const ipco = findBox(b, iprp.body, iprp.end, "ipco");
  if (!ipco) return null;
  const properties = [...boxes(b, ipco.body, ipco.end)];

  const ispeOf = (box: Box | undefined) =>
    box && box.type === "ispe" && box.body + 12 <= box.end
      ? { width: u32be(b, box.body + 4), height: u32be(b, box.body + 8) }
      : null;

  // Properties of the primary item, in the order ipma lists them (1-based indexes into ipco).
  let associated: number[] | null = null;
  const ipma = findBox(b, iprp.body, iprp.end, "ipma");
  if (ipma && primary !== null && ipma.body + 8 <= ipma.end) {
    const version = b[ipma.body]!;
    const wideIndex = (b[ipma.body + 3]! & 1) === 1;
    let p = ipma.body + 4;
    const entries = u32be(b, p);
    p += 4;
    for (let e = 0; e < entries && p < ipma.end; e++) {
      const item = version < 1 ? u16be(b, p) : u32be(b, p);
      p += version < 1 ? 2 : 4;
      const count = b[p++]!;
      const indexes: number[] = [];
      for (let k = 0; k < count && p < ipma.end; k++) {
        indexes.push(wideIndex ? u16be(b, p) & 0x7fff : b[p]! & 0x7f);
        p += wideIndex ? 2 : 1;
      }
      if (item === primary) {
        associated = indexes;
        break;
      }
    }
  }

  if (associated) {
    let size: { width: number; height: number } | null = null;
    const orientation = new Orientation();
    for (const index of associated) {
      const box = properties[index - 1];
      if (!box) continue;
      if (box.type === "ispe") size ??= ispeOf(box);
      else if (box.type === "irot" && box.body < box.end)
        orientation.rotateAnticlockwise((b[box.body]! & 3) * 90);
      else if (box.type === "imir" && box.body < box.end) {
        if (b[box.body]! & 1) orientation.mirrorTopBottom();
        else orientation.mirrorLeftRight();
      }
    }
    if (size) return { ...size, orientation: orientation.toExif() };
  }

  // No usable item association: the largest ispe is the main image (the others are tiles or thumbnails).
  let best: { width: number; height: number } | null = null;
  for (const box of properties) {
    const size = ispeOf(box);
    if (size && (!best || size.width * size.height > best.width * best.height)) best = size;
  }
  return best && { ...best, orientation: 1 };
}
