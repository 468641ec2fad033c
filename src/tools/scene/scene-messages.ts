/**
 * What Modify Scene says: the type names, its messages (SPEC 5 "Scene modification" and SPEC 8
 * "Scene", verbatim), and the words of a failed run or a refused picture.
 */
import type { SceneType } from "@/tools/scene/prompts";
import type { AiFailure } from "@/hooks/use-ai-run";
import { PLAN_CHECK_FAILURE } from "@/lib/allowance";
import type { GeminiErrorKind } from "@/lib/gemini/errors";
import { isImageInputError } from "@/lib/image";

/** How each type reads to the user (the success toast says "Text added to scene successfully!"). */
export const SCENE_TYPE_LABELS: Record<SceneType, string> = {
  image: "Image",
  text: "Text",
  widget: "Widget",
};

export const SCENE_MESSAGES = {
  noDescription: "Please provide a description of what you want to add",
  noBase: "Please upload a base image first",
  failed: "Failed to process scene modification",
  noImage: "No modified image received",
  toast: "Failed to modify scene. Please try again.",
  processing: "Modifying your scene...",
  success: (type: SceneType) => `${SCENE_TYPE_LABELS[type]} added to scene successfully!`,
} as const;

const IMAGE_ADVICE = "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format.";
export const KEEP_EDITING_FAILED = "The result could not be opened for more changes.";
export const NOT_AN_IMAGE = "This file could not be opened as an image.";
const NO_IMAGE_KINDS: ReadonlySet<GeminiErrorKind> = new Set([
  "no-image",
  "text-instead-of-image",
  "output-blocked",
  "prompt-blocked",
]);

/** The banner's words for a failed run (SPEC 8 "Scene"); the toast is always SCENE_MESSAGES.toast. */
export function sceneFailureMessage(error: AiFailure): string {
  if (error.kind && NO_IMAGE_KINDS.has(error.kind)) return SCENE_MESSAGES.noImage;
  if (!error.kind && error.reason === PLAN_CHECK_FAILURE.message) return error.reason;
  return `${SCENE_MESSAGES.failed}: ${error.reason}`;
}

/** A picture the image pipeline refused (its own words when it has them), as the page shows it. */
export function imageFailure(error: unknown, fallback: string): AiFailure {
  const named = isImageInputError(error);
  const message = named ? error.message : fallback;
  return { reason: message, message, advice: named ? error.advice : IMAGE_ADVICE };
}
