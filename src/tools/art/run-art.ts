/** One Art Enhancer request to the image model: the drawing and the instruction to refine it. */
import { getEnv } from "@/config/env";
import { ART_PROMPT } from "@/config/prompts";
import { generateImage, resolveGeminiTarget, type GeminiTarget, type RetryWait } from "@/lib/gemini";
import { prepareImage, type LoadedImage } from "@/lib/image";

/** Longest side of the picture sent (a drawing is 800x500 and goes as it is). */
export const ART_MAX_SIDE = 1536;

export type ArtRequest = {
  image: LoadedImage;
  apiKey?: string;
  signal: AbortSignal;
  onRetryWait?: (wait: RetryWait | null) => void;
};

export type ArtOutput = { dataUrl: string; text?: string; source: GeminiTarget["source"] };

/**
 * One enhancement (SPEC 7.1 "art enhancement"): the picture goes as inline PNG with the instruction to
 * keep its content, composition and text exactly and refine only lines, colour and shading.
 */
export async function runArt({ image, apiKey, signal, onRetryWait }: ArtRequest): Promise<ArtOutput> {
  const target = resolveGeminiTarget(apiKey);
  const prepared = await prepareImage(image, { maxSide: ART_MAX_SIDE, mimeType: "image/png" });
  signal.throwIfAborted();
  const result = await generateImage({
    target,
    model: getEnv().VITE_GEMINI_IMAGE_MODEL,
    parts: [{ text: ART_PROMPT }, { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } }],
    tool: "art",
    signal,
    onRetryWait,
  });
  return { dataUrl: result.dataUrl, text: result.text, source: target.source };
}
