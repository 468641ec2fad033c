/** One Celebration Creator request to the image model, and its own words for a reply with no image. */
import { celebrationPrompt, type CelebrationType } from "@/tools/celebrations/prompts";
import type { ImageOutput } from "@/config/image-output";
import { GeminiError, isGeminiError } from "@/lib/gemini/errors";
import type { GeminiPart } from "@/lib/gemini/client";
import { prepareImage, type LoadedImage } from "@/lib/image";
import type { ToolRunContext } from "../run-context";

/** SPEC 8 "Celebration": the cause when the AI sent back no image. */
export const NO_CELEBRATION_IMAGE = "No celebration image received";

/** The inspiration image is a hint, not the canvas: a modest size keeps the request small. */
export const INSPIRATION_MAX_SIDE = 1024;
export const INSPIRATION_QUALITY = 0.88;

export type CelebrationRequest = {
  type: CelebrationType;
  description: string;
  output: ImageOutput;
  inspiration: LoadedImage | null;
};

export type CelebrationOutput = { imageUrl: string; text?: string };

/**
 * Advice for a missing image in this tool's words: there may be no photo at all, so "try another
 * photo" would not help; the description (or the inspiration image) is what can change.
 */
const NO_IMAGE_ADVICE: Partial<Record<GeminiError["kind"], string>> = {
  "prompt-blocked":
    "The AI's safety filter blocked this request: change the description or the inspiration image and try again.",
  "no-image": "The AI did not return an image this time: try again, perhaps with a different description.",
};

/** A result without an image says so in the spec's words; every other failure passes through. */
function asCelebrationError(error: unknown): unknown {
  if (!isGeminiError(error)) return error;
  const noImage =
    error.kind === "no-image" ||
    error.kind === "prompt-blocked" ||
    error.kind === "output-blocked" ||
    error.kind === "text-instead-of-image";
  if (!noImage) return error;
  return new GeminiError({
    kind: error.kind,
    message: NO_CELEBRATION_IMAGE,
    advice:
      NO_IMAGE_ADVICE[error.kind] ??
      error.advice.replace(/(t)ry another photo or a different style\.$/i, (_, t: string) =>
        t === "T" ? "Change the description and try again." : "change the description and try again.",
      ),
    status: error.status,
    cause: error,
  });
}

/**
 * One celebration image (SPEC 7.1): the instruction naming the occasion and the description, then the
 * optional inspiration image as a second, inline JPEG part; the chosen shape and size in imageConfig.
 */
export async function runCelebration(
  { type, description, output, inspiration }: CelebrationRequest,
  ctx: ToolRunContext,
): Promise<CelebrationOutput> {
  const parts: GeminiPart[] = [{ text: celebrationPrompt(type, description, inspiration !== null) }];
  if (inspiration) {
    const prepared = await prepareImage(inspiration, {
      maxSide: INSPIRATION_MAX_SIDE,
      quality: INSPIRATION_QUALITY,
      mimeType: "image/jpeg",
    });
    ctx.signal.throwIfAborted();
    parts.push({ inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } });
  }
  try {
    const result = await ctx.image({
      parts,
      generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
      output,
      // The card the local preview engine draws, from the form rather than the prompt's words.
      toolInput: { occasion: type, description: description.trim() },
    });
    return { imageUrl: result.url, text: result.text };
  } catch (error) {
    throw asCelebrationError(error);
  }
}
