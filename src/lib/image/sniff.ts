/** An image's real format, told from its first bytes rather than its name or declared type. */
import { ascii, i32le, startsWith, u32be } from "./bytes";

/** An image format recognised from its first bytes. "heic" = HEVC-coded HEIF brands, "heif" = generic HEIF (mif1/msf1). */
export type SniffedType = "jpeg" | "png" | "gif" | "webp" | "heic" | "heif" | "avif" | "bmp";

export const SNIFFED_MIME_TYPES: Readonly<Record<SniffedType, string>> = {
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heif",
  avif: "image/avif",
  bmp: "image/bmp",
};

/** HEIC and generic HEIF files: browsers cannot decode them, they go through the lazy heic-to decoder. */
export function isHeifType(type: SniffedType): type is "heic" | "heif" {
  return type === "heic" || type === "heif";
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "hevm", "hevs", "hevx"]);
const HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
/** DIB header sizes of real BMP files (core, info, v2..v5): "BM" alone is too weak a signature. */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** The major and compatible brands of an ISO-BMFF `ftyp` box at the start of the file, or null. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const size = u32be(bytes, 0);
  if (size < 16) return null;
  const end = Math.min(size, bytes.length);
  const brands = [ascii(bytes, 8, 4)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(bytes, i, 4));
  return brands;
}

function sniffIsoBmff(bytes: Uint8Array): SniffedType | null {
  const brands = ftypBrands(bytes);
  if (!brands) return null;
  const major = brands[0]!;
  if (AVIF_BRANDS.has(major)) return "avif";
  if (HEIC_BRANDS.has(major)) return "heic";
  if (brands.some((b) => AVIF_BRANDS.has(b))) return "avif";
  if (brands.some((b) => HEIC_BRANDS.has(b))) return "heic";
  if (brands.some((b) => HEIF_BRANDS.has(b))) return "heif";
  return null;
}

/** Sniffs the real type from the first bytes (never trusts the name or file.type); null when not a known image. */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, PNG_SIGNATURE)) return "png";
  const head6 = ascii(bytes, 0, 6);
  if (head6 === "GIF87a" || head6 === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  if (ascii(bytes, 0, 2) === "BM" && bytes.length >= 18) {
    const dibSize = i32le(bytes, 14);
    if (BMP_DIB_SIZES.has(dibSize)) return "bmp";
  }
  return sniffIsoBmff(bytes);
}

/**
 * Names an image format that is recognised but not accepted (TIFF, JPEG XL, PSD, SVG, ICO), so the user is
 * told "format not supported" rather than "not an image". Null for anything else.
 */
export function sniffUnsupportedImageFormat(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return "TIFF";
  if (startsWith(bytes, [0xff, 0x0a])) return "JPEG XL";
  if (startsWith(bytes, [0x00, 0x00, 0x00, 0x0c, 0x4a, 0x58, 0x4c, 0x20, 0x0d, 0x0a, 0x87, 0x0a]))
    return "JPEG XL";
  if (ascii(bytes, 0, 4) === "8BPS") return "PSD";
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 6 && (bytes[4]! | bytes[5]!) !== 0)
    return "ICO";
  const text = ascii(bytes, 0, 512)
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return "SVG";
  return null;
}
