/** Decoding, cropping and encoding with sharp, shared by the image styles and the text answers. */
import sharp, { type Sharp } from "sharp";
import { previewBadge, svgDocument } from "./svg.ts";

/** Pixels as packed 8-bit RGB (3 channels, no alpha), row by row. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface DecodedImage extends RawImage {
  /** Size of the uploaded image as displayed (EXIF orientation applied), before any downscale. */
  sourceWidth: number;
  sourceHeight: number;
}

/** The inline data could not be read as an image (corrupt, truncated, unsupported format, empty). */
export class InputImageError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "InputImageError";
  }
}

/** Longest side of images the engine works on: plenty for a preview, fast for a 12 MP upload. */
export const MAX_SIDE = 1024;

/**
 * The largest image the engine takes, in pixels as stored (width x height): 40 MP, more than any phone
 * or the app's own uploads (a 1536 px JPEG) need, while one decode stays around 160 MB of RGBA.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Width and height from the image's header, without decoding its pixels (sharp metadata), so an
 * oversized image is refused before it costs memory. Throws InputImageError when the header is unreadable.
 */
export async function imageSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (bytes.byteLength === 0) throw new InputImageError("empty image data");
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error("the image has no dimensions");
    return { width: meta.width, height: meta.height };
  } catch (error) {
    throw new InputImageError(error);
  }
}

/**
 * Decode any image sharp reads (JPEG, PNG, WebP, GIF first frame, AVIF, TIFF, SVG), apply its EXIF
 * orientation, shrink it so the longest side is at most `maxSide` (never enlarging) and flatten any
 * transparency onto white. Throws InputImageError when the bytes are not a decodable image.
 */
export async function decodeImage(bytes: Uint8Array, maxSide = MAX_SIDE): Promise<DecodedImage> {
  if (bytes.byteLength === 0) throw new InputImageError("empty image data");
  try {
    const input = sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await input.metadata();
    const { data, info } = await input
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .toColourspace("srgb")
      .removeAlpha()
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
    return {
      data,
      width: info.width,
      height: info.height,
      sourceWidth: meta.autoOrient?.width ?? meta.width ?? info.width,
      sourceHeight: meta.autoOrient?.height ?? meta.height ?? info.height,
    };
  } catch (error) {
    throw new InputImageError(error);
  }
}

/** Parse a Gemini aspect ratio such as "16:9"; undefined when absent or not of that form. */
export function parseAspectRatio(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!match) return undefined;
  const ratio = Number(match[1]) / Number(match[2]);
  return Number.isFinite(ratio) && ratio > 0.1 && ratio < 10 ? ratio : undefined;
}

/** Centre-crop to the given width/height ratio (what Gemini does when imageConfig.aspectRatio is set). */
export async function cropToAspect(image: RawImage, ratio: number): Promise<RawImage> {
  const current = image.width / image.height;
  if (Math.abs(current - ratio) < 0.01) return image;
  const width = current > ratio ? Math.round(image.height * ratio) : image.width;
  const height = current > ratio ? image.height : Math.round(image.width / ratio);
  return transformRaw(image, (s) => s.resize({ width, height, fit: "cover", position: "centre" }));
}

/** Run sharp operations on a raw RGB image and get raw RGB back. */
export async function transformRaw(
  image: RawImage,
  operations: (pipeline: Sharp) => Sharp,
): Promise<RawImage> {
  const pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  const { data, info } = await operations(pipeline)
    .removeAlpha()
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Scale a raw image to fit inside a box (used for a second, added image). */
export async function fitInside(image: RawImage, maxWidth: number, maxHeight: number): Promise<RawImage> {
  return transformRaw(image, (s) =>
    s.resize({
      width: Math.max(1, Math.round(maxWidth)),
      height: Math.max(1, Math.round(maxHeight)),
      fit: "inside",
    }),
  );
}

export interface Layer {
  image: RawImage;
  left: number;
  top: number;
}

/**
 * Encode the final PNG: the pixels, then any image layers, then one SVG overlay holding the given
 * fragments and, always, the "Local preview" badge.
 */
export async function encodeOutput(
  image: RawImage,
  overlays: string[],
  layers: Layer[] = [],
): Promise<Buffer> {
  const svg = svgDocument(image.width, image.height, [...overlays, previewBadge(image.width, image.height)]);
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .composite([
      ...layers.map((layer) => ({
        input: layer.image.data,
        raw: { width: layer.image.width, height: layer.image.height, channels: 3 as const },
        left: Math.round(layer.left),
        top: Math.round(layer.top),
      })),
      { input: Buffer.from(svg), left: 0, top: 0 },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** Rasterise a complete SVG document (generated pictures) to PNG. */
export async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** The longest side of an answer at each imageConfig.imageSize (1K is Gemini's default). */
export const OUTPUT_LONGEST_SIDE = { "1K": 1024, "2K": 2048, "4K": 4096 } as const;

/** Width and height of an answer with this width / height ratio and longest side. */
export function outputDimensions(ratio: number, longestSide: number): { width: number; height: number } {
  return ratio >= 1
    ? { width: longestSide, height: Math.max(1, Math.round(longestSide / ratio)) }
    : { width: Math.max(1, Math.round(longestSide * ratio)), height: longestSide };
}

/**
 * The finished PNG at the shape and size the request asked for (imageConfig): its longest side that of
 * `size` (OUTPUT_LONGEST_SIDE), its ratio `ratio` (centre-cropped, as Gemini crops) or, without one,
 * its own (the input's, "Same as photo"). Every answer is drawn at preview size and scaled here once, so
 * a 4K answer costs one bilinear resize and one fast PNG encode (compression level 1, no adaptive filtering): a
 * real 4096 px PNG in well under a second. Unchanged when it already has that size.
 */
export async function fitOutput(
  png: Buffer,
  ratio: number | undefined,
  size: keyof typeof OUTPUT_LONGEST_SIDE,
) {
  const meta = await sharp(png).metadata();
  const own = (meta.width ?? 1) / (meta.height ?? 1);
  const { width, height } = outputDimensions(ratio ?? own, OUTPUT_LONGEST_SIDE[size]);
  if (meta.width === width && meta.height === height) return png;
  return sharp(png)
    .resize({ width, height, fit: "cover", position: "centre", kernel: "linear" })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/**
 * A region edit's answer (issue 29): `drawn` (the restyled photo, of any size) only where `mask` is
 * light, `base` everywhere else, at the base's size, as a PNG. The page puts the answer over its own
 * original through the same area anyway (src/lib/image/area.ts); this is what a model told to change
 * only the area would ideally send.
 */
export async function onlyInArea(base: RawImage, drawn: Buffer, mask: RawImage): Promise<Buffer> {
  const { width, height } = base;
  const styled = await sharp(drawn).resize(width, height, { fit: "fill" }).removeAlpha().raw().toBuffer();
  const area = await sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 3 } })
    .resize(width, height, { fit: "fill", kernel: "nearest" })
    .raw()
    .toBuffer();
  const out = Buffer.from(base.data);
  for (let p = 0, i = 0; p < width * height; p++, i += 3) {
    if (area[i]! >= 128) {
      out[i] = styled[i]!;
      out[i + 1] = styled[i + 1]!;
      out[i + 2] = styled[i + 2]!;
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
