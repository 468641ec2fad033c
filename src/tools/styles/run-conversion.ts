/** One conversion of a photo into a style (no React): prepare it, build the instruction, ask the AI. */
import { PAGE_TEXT_TIMEOUT_MS } from "@/config/ai-timeouts";
import { SAME_AS_PHOTO, type ImageOutput } from "@/config/image-output";
import { AREA_INSTRUCTION, customPrompt, RECREATE_SUFFIX, type Variant } from "@/config/variants";
import { isGeminiError } from "@/lib/gemini/errors";
import { prepareImage, type LoadedImage, type PreparedImage } from "@/lib/image";
import { revokePicture } from "@/lib/image/picture-urls";
import type { ToolRunContext } from "../run-context";

export type Operation =
  { kind: "first" } | { kind: "recreate"; lastPrompt: string } | { kind: "custom"; userPrompt: string };

/** One conversion as runConversion takes it: the style, the photo and what to do. */
export type ConversionRequest = {
  variant: Variant;
  image: LoadedImage;
  operation: Operation;
  /** The shape and size asked for (none: the model's own). */
  output?: ImageOutput;
  /**
   * The area to change (issue 29 §1), white on black at any size: sent after the photo, and the answer
   * put over the photo through it; the rest of the photo stays as it was sent.
   */
  area?: Blob;
};

export type ConversionOutput = {
  imageUrl: string;
  /** The instruction that produced the image (recreate builds on it). */
  prompt: string;
  text?: string;
};

/**
 * Prompt analysis (SPEC 7.2): the text model describes the photo and the description is added to the
 * style's instruction. Any failure but a cancel falls back to the fixed prompt, silently.
 */
async function analysedPrompt(
  variant: Variant,
  prepared: PreparedImage,
  ctx: ToolRunContext,
): Promise<string> {
  const analysis = variant.analysis;
  if (!analysis) return variant.prompt({ bytes: prepared.bytes });
  try {
    const text = await ctx.text({
      parts: [
        { text: analysis.request },
        { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } },
      ],
      maxAttempts: 1,
      // The text model thinks first: 90 s, not 30 (the numbers are explained at PAGE_TEXT_TIMEOUT_MS).
      timeoutMs: PAGE_TEXT_TIMEOUT_MS.analysis,
    });
    const details = text.trim();
    if (!details) return analysis.fallback;
    const base = analysis.prefix ?? variant.prompt({ bytes: prepared.bytes });
    return `${base} ${details}`;
  } catch (error) {
    if (isGeminiError(error) && error.kind === "cancelled") throw error;
    return analysis.fallback;
  }
}

/** One conversion: prepare the photo, build the instruction, ask the image model. */
export async function runConversion(
  { variant, image, operation, output, area }: ConversionRequest,
  ctx: ToolRunContext,
): Promise<ConversionOutput> {
  const prepared = await prepareImage(image, {
    maxSide: variant.image.maxSide,
    quality: variant.image.quality,
  });
  ctx.signal.throwIfAborted();
  const areaEdit = area ? await import("./run-area.lazy") : undefined;
  const mask = area && areaEdit ? await areaEdit.maskPart(area, prepared) : undefined;
  ctx.signal.throwIfAborted();

  let prompt: string;
  if (operation.kind === "recreate") prompt = `${operation.lastPrompt}${RECREATE_SUFFIX}`;
  else if (operation.kind === "custom") prompt = customPrompt(operation.userPrompt);
  else prompt = await analysedPrompt(variant, prepared, ctx);

  const result = await ctx.image({
    parts: [
      { text: mask ? `${prompt}${AREA_INSTRUCTION}` : prompt },
      { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } },
      ...(mask ? [mask] : []),
    ],
    generationConfig: operation.kind === "custom" ? undefined : variant.generationConfig,
    // A region edit keeps the photo's shape: the answer goes back over it.
    output: mask && output ? { ...output, shape: SAME_AS_PHOTO } : output,
    // For the local preview engine: the style's own look, or (custom) the look the person's words name.
    toolInput: {
      ...(operation.kind === "custom"
        ? { operation: "custom", words: operation.userPrompt.trim() }
        : { operation: operation.kind }),
      ...(mask ? { area: true } : {}),
    },
  });
  if (!area || !areaEdit) return { imageUrl: result.url, prompt, text: result.text };
  // The answer over the photo as it was sent: outside the area, the photo's own pixels.
  const made = await areaEdit.composite({ original: prepared.blob, answer: result.blob, mask: area });
  revokePicture(result.url);
  return { imageUrl: ctx.picture(made), prompt, text: result.text };
}
