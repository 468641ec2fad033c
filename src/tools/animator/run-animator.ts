/**
 * The Character Animator's AI calls (SPEC 2.16, 7.1), plain async code with no React: a character
 * from a description, and a four-frame loop of that character (one request, one 2x2 sheet, split
 * here and encoded as a GIF).
 */
import { ANIMATION_PROMPT, characterPrompt } from "@/tools/animator/prompts";
import type { ImageOutput } from "@/config/image-output";
import { GeminiError, isGeminiError, type GeminiErrorKind } from "@/lib/gemini/errors";
import { blobToBase64 } from "@/lib/image/base64";
import type { ToolRunContext } from "../run-context";
import { splitSheet } from "./sprite-sheet";

/** SPEC 8 "Animator". */
export const NO_IMAGE_MESSAGE = "No image returned from API";
export const CHARACTER_FALLBACK = "Failed to generate character. Please try again.";
export const ANIMATION_FALLBACK = "Failed to animate character. Please try again.";

export type Character = {
  imageUrl: string;
  mimeType: string;
  /** The picture's bytes (what Animate sends back); `imageUrl` is the page's object URL of it. */
  blob: Blob;
  /** The words the model may send beside the image. */
  text?: string;
  description: string;
  /** The shape and size it was made at (the animation keeps its shape). */
  output: ImageOutput;
};

export type AnimationFrame = { url: string; width: number; height: number };

export type Animation = {
  /** Tells one animation from the next (the player starts again at frame 1). */
  id: number;
  frames: AnimationFrame[];
  /** The looping GIF of the frames (animated-character.gif). */
  gif: Blob;
  text?: string;
};

let animations = 0;
/** A new id for an animation shown again from My Creations (the player starts again at frame 1). */
export function nextRestoredAnimationId(): number {
  animations += 1;
  return animations;
}

/** The client's "no result" classes: the model answered, but without an image. */
const NO_IMAGE_KINDS = new Set<GeminiErrorKind>([
  "no-image",
  "prompt-blocked",
  "output-blocked",
  "text-instead-of-image",
]);

/** The tool's words for a failure: "No image returned from API" for every no-image answer, the rest as is. */
function reword(error: unknown, fallback: string): unknown {
  if (isGeminiError(error)) {
    if (!NO_IMAGE_KINDS.has(error.kind)) return error;
    return new GeminiError({
      kind: error.kind,
      message: NO_IMAGE_MESSAGE,
      advice: error.advice,
      status: error.status,
      retryable: error.retryable,
      cause: error,
    });
  }
  if (error instanceof Error && (error.name === "AbortError" || error.message.trim() !== "")) return error;
  return new Error(fallback, { cause: error });
}

/** SPEC 7.1 "character generation": the description in, a colourful cartoon character out. */
export async function createCharacter(
  input: { description: string; output: ImageOutput },
  ctx: ToolRunContext,
): Promise<Character> {
  const description = input.description.trim();
  try {
    const result = await ctx.image({
      parts: [{ text: characterPrompt(description) }],
      output: input.output,
      // For the local preview engine: which of the tool's two calls this is, and the character's words.
      toolInput: { step: "character", description },
    });
    return {
      imageUrl: result.url,
      mimeType: result.mimeType,
      blob: result.blob,
      text: result.text,
      description,
      output: input.output,
    };
  } catch (error) {
    throw reword(error, CHARACTER_FALLBACK);
  }
}

/**
 * "Animate": the character image goes back with ANIMATION_PROMPT, at the character's shape (each
 * quarter of the sheet then has it too) and at 1K whatever the character's size (a GIF's four frames
 * need no more); the sheet is cut into four frames and made a GIF.
 */
export async function animateCharacter(
  { character }: { character: Character },
  ctx: ToolRunContext,
): Promise<Animation> {
  const { signal } = ctx;
  try {
    const data = await blobToBase64(character.blob);
    const result = await ctx.image({
      parts: [{ text: ANIMATION_PROMPT }, { inlineData: { mimeType: character.mimeType, data } }],
      output: { shape: character.output.shape, size: "1K" },
      toolInput: { step: "animate", description: character.description },
    });
    const [frames, { encodeGif }] = await Promise.all([
      splitSheet(result.blob),
      import("./run-animator.lazy"),
    ]);
    signal.throwIfAborted();
    const gif = encodeGif(frames);
    animations += 1;
    return {
      id: animations,
      frames: frames.map(({ url, width, height }) => ({ url, width, height })),
      gif: new Blob([gif as Uint8Array<ArrayBuffer>], { type: "image/gif" }),
      text: result.text,
    };
  } catch (error) {
    throw reword(error, ANIMATION_FALLBACK);
  }
}
