/**
 * The shape and size of a generated image (issue 28), sent as generationConfig.imageConfig: Gemini's
 * accepted values (docs/gemini.md "Output shape, several images, streaming"). "same" sends no
 * aspectRatio, so the model keeps the input photo's shape; 1K sends no imageSize (Gemini's default).
 * The server imports this file too: no import.meta, no imports.
 */
export const GEMINI_ASPECT_RATIOS = [
  "1:1",
  "2:3",
  "3:2",
  "3:4",
  "4:3",
  "4:5",
  "5:4",
  "9:16",
  "16:9",
  "21:9",
] as const;
export type GeminiAspectRatio = (typeof GEMINI_ASPECT_RATIOS)[number];

/** "Same as photo": no aspectRatio in the request. */
export const SAME_AS_PHOTO = "same";
export type OutputShape = typeof SAME_AS_PHOTO | GeminiAspectRatio;
export const OUTPUT_SHAPES: readonly OutputShape[] = [SAME_AS_PHOTO, ...GEMINI_ASPECT_RATIOS];

/** Output sizes, with an uppercase K as Gemini takes them; 2K and 4K are plan features (config/tiers.ts). */
export const OUTPUT_SIZES = ["1K", "2K", "4K"] as const;
export type OutputSize = (typeof OUTPUT_SIZES)[number];
export const DEFAULT_OUTPUT_SIZE: OutputSize = "1K";

export type ImageOutput = { shape: OutputShape; size: OutputSize };

/** The default where the tool has a photo: its shape, 1K. */
export const DEFAULT_IMAGE_OUTPUT: ImageOutput = { shape: SAME_AS_PHOTO, size: DEFAULT_OUTPUT_SIZE };

export function isOutputShape(value: unknown): value is OutputShape {
  return typeof value === "string" && (OUTPUT_SHAPES as readonly string[]).includes(value);
}

export function isOutputSize(value: unknown): value is OutputSize {
  return typeof value === "string" && (OUTPUT_SIZES as readonly string[]).includes(value);
}

/** The request's generationConfig.imageConfig for `output`, or undefined when it asks for nothing. */
export function imageConfigOf(
  output: ImageOutput | undefined,
): { aspectRatio?: GeminiAspectRatio; imageSize?: OutputSize } | undefined {
  if (!output) return undefined;
  const config = {
    ...(output.shape !== SAME_AS_PHOTO ? { aspectRatio: output.shape } : {}),
    ...(output.size !== DEFAULT_OUTPUT_SIZE ? { imageSize: output.size } : {}),
  };
  return Object.keys(config).length ? config : undefined;
}

/** The plan feature a size needs (config/tiers.ts FEATURE_GATES), or undefined for 1K. */
export function sizeFeature(size: OutputSize): "size2K" | "size4K" | undefined {
  return size === "2K" ? "size2K" : size === "4K" ? "size4K" : undefined;
}

/** Whether a plan feature is the one a size needs (2K, 4K). */
export function isSizeFeature(feature: string): boolean {
  return OUTPUT_SIZES.some((size) => sizeFeature(size) === feature);
}
