/** One conversion of a photo into a style (no React): prepare it, build the instruction, ask the AI. */
import { PAGE_TEXT_TIMEOUT_MS } from "@/config/ai-timeouts";
import { SAME_AS_PHOTO, type ImageOutput } from "@/config/image-output";
import { requestFit } from "@/config/request-limits";
import { customPrompt, RECREATE_SUFFIX, type Variant } from "@/config/variants";
import { AREA_INSTRUCTION, photosInstruction } from "./prompts";
import { GeminiError, isGeminiError } from "@/lib/gemini/errors";
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
   * The area to change (issue 29 §1), white on black at any size: sent after the photos, and the answer
   * put over the photo through it; the rest of the photo stays as it was sent.
   */
  area?: Blob;
  /** Further photos of a custom transformation (issue 29 §2), sent after the main one in this order. */
  extras?: readonly LoadedImage[];
};

/** A set of photos too large for one request: what to remove, said before anything is sent or counted. */
export const PHOTOS_TOO_LARGE = "These photos are too large to send together.";

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

/**
 * Refuses a set of photos that one request cannot carry (config/request-limits.ts), naming what to
 * remove: nothing is sent or counted.
 */
function checkFits(lengths: number[], hosted: boolean, photos: readonly PreparedImage[]): void {
  const fit = requestFit(lengths, hosted);
  if (fit.fits) return;
  const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  // The largest of the further photos is the one to take out first.
  let largest = 1;
  for (let i = 2; i < photos.length; i++)
    if (photos[i]!.base64.length > photos[largest]!.base64.length) largest = i;
  const which =
    photos.length > 1 ? `remove Photo ${largest + 1}, or use fewer photos` : "use a smaller photo";
  throw new GeminiError({
    kind: "bad-request",
    message: PHOTOS_TOO_LARGE,
    advice:
      fit.reason === "images"
        ? `This service takes at most ${fit.most} pictures in one request: ${which}. Nothing was sent or counted.`
        : `Together they come to ${mb(fit.bytes)}, and one request takes at most ${mb(fit.most)}: ${which}. Nothing was sent or counted.`,
  });
}

/** One conversion: prepare the photo, build the instruction, ask the image model. */
export async function runConversion(
  { variant, image, operation, output, area, extras = [] }: ConversionRequest,
  ctx: ToolRunContext,
): Promise<ConversionOutput> {
  const options = { maxSide: variant.image.maxSide, quality: variant.image.quality };
  const prepared = await prepareImage(image, options);
  const more =
    operation.kind === "custom" ? await Promise.all(extras.map((extra) => prepareImage(extra, options))) : [];
  ctx.signal.throwIfAborted();
  const areaEdit = area ? await import("./run-area.lazy") : undefined;
  const mask = area && areaEdit ? await areaEdit.maskPart(area, prepared) : undefined;
  ctx.signal.throwIfAborted();

  let prompt: string;
  if (operation.kind === "recreate") prompt = `${operation.lastPrompt}${RECREATE_SUFFIX}`;
  else if (operation.kind === "custom")
    prompt =
      more.length > 0
        ? `${photosInstruction(more.length + 1)} ${customPrompt(operation.userPrompt)}`
        : customPrompt(operation.userPrompt);
  else prompt = await analysedPrompt(variant, prepared, ctx);

  const photos = [prepared, ...more].map((p) => ({ inlineData: { mimeType: p.mimeType, data: p.base64 } }));
  const images = [...photos, ...(mask ? [mask] : [])];
  checkFits(
    images.map((part) => part.inlineData.data.length),
    ctx.target.source === "hosted",
    [prepared, ...more],
  );
  const result = await ctx.image({
    parts: [{ text: mask ? `${prompt}${AREA_INSTRUCTION}` : prompt }, ...images],
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
