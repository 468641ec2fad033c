/** One Art Enhancer request to the image model: the drawing and the instruction to refine it. */
import type { ImageOutput } from "@/config/image-output";
import { ART_PROMPT } from "@/tools/art/prompts";
import { prepareImage, type LoadedImage } from "@/lib/image";
import type { ToolRunContext } from "../run-context";

/** Longest side of the picture sent (a drawing is 800x500 and goes as it is). */
export const ART_MAX_SIDE = 1536;

export type ArtInput = { image: LoadedImage; output?: ImageOutput };
export type ArtOutput = { imageUrl: string; text?: string; output?: ImageOutput };

/**
 * One enhancement (SPEC 7.1 "art enhancement"): the picture goes as inline PNG with the instruction to
 * keep its content, composition and text exactly and refine only lines, colour and shading.
 */
export async function runArt({ image, output }: ArtInput, ctx: ToolRunContext): Promise<ArtOutput> {
  const prepared = await prepareImage(image, { maxSide: ART_MAX_SIDE, mimeType: "image/png" });
  ctx.signal.throwIfAborted();
  const result = await ctx.image({
    parts: [{ text: ART_PROMPT }, { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } }],
    output,
  });
  return { imageUrl: result.url, text: result.text, output };
}
