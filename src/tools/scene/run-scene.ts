/** One Modify Scene request to the image model: the scene, the description and the optional picture. */
import type { ImageOutput } from "@/config/image-output";
import { scenePrompt, type ScenePosition, type SceneType } from "@/tools/scene/prompts";
import type { GeminiPart } from "@/lib/gemini/client";
import { prepareImage, type LoadedImage } from "@/lib/image";
import type { ToolRunContext } from "../run-context";

/** Longest side of the scene sent to the AI, and of the picture to add (it only fills part of the scene). */
export const SCENE_MAX_SIDE = 1536;
export const ADDED_MAX_SIDE = 1024;
const JPEG_QUALITY = 0.9;

export type SceneRequest = {
  base: LoadedImage;
  type: SceneType;
  description: string;
  position: ScenePosition | null;
  /** The picture to add (type "image" only); sent as the second inline JPEG. */
  added: LoadedImage | null;
  /** The shape and size asked for (none: the model's own). */
  output?: ImageOutput;
};

export type SceneOutput = {
  imageUrl: string;
  text?: string;
  prompt: string;
};

/**
 * One scene modification (SPEC 7.1 "scene modification"): the base and the optional added picture go
 * as JPEG, with the instruction holding the description and the optional position.
 */
export async function runScene(request: SceneRequest, ctx: ToolRunContext): Promise<SceneOutput> {
  const { signal } = ctx;
  const base = await prepareImage(request.base, { maxSide: SCENE_MAX_SIDE, quality: JPEG_QUALITY });
  signal.throwIfAborted();
  const withAdded = request.type === "image" && request.added !== null;
  const added =
    withAdded && request.added
      ? await prepareImage(request.added, { maxSide: ADDED_MAX_SIDE, quality: JPEG_QUALITY })
      : null;
  signal.throwIfAborted();

  const prompt = scenePrompt(request.type, request.description, request.position ?? undefined, withAdded);
  const parts: GeminiPart[] = [
    { text: prompt },
    { inlineData: { mimeType: base.mimeType, data: base.base64 } },
  ];
  if (added) parts.push({ inlineData: { mimeType: added.mimeType, data: added.base64 } });

  const result = await ctx.image({
    parts,
    output: request.output,
    // What the local preview engine draws, taken from the form, not from the prompt's words.
    toolInput: {
      kind: request.type,
      description: request.description.trim(),
      ...(request.position ? { position: request.position } : {}),
      withAddedImage: withAdded,
    },
  });
  return { imageUrl: result.url, text: result.text, prompt };
}
