/**
 * Aspect ratios the image tools offer (docs/gemini.md "Output shape, several images, streaming"); the first
 * is the default.
 */
export const ASPECT_RATIOS = ["1:1", "4:5", "3:4", "16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const DEFAULT_ASPECT_RATIO: AspectRatio = "1:1";
