/**
 * Modify Scene's kinds, places and instruction (SPEC 7.1, 7.2). The local preview engine never reads these words: it takes the
 * tool's id and its input (src/config/tool-input.ts).
 */
/** SPEC 3 "Scene modification request": what is added. */
export const SCENE_TYPES = ["image", "text", "widget"] as const;
export type SceneType = (typeof SCENE_TYPES)[number];

/** The nine named places a scene addition can go (SPEC 3: "top-left, center, bottom-right"). */
export const SCENE_POSITIONS = [
  "top-left",
  "top-center",
  "top-right",
  "center-left",
  "center",
  "center-right",
  "bottom-left",
  "bottom-center",
  "bottom-right",
] as const;
export type ScenePosition = (typeof SCENE_POSITIONS)[number];

/** SPEC 7.1 "scene modification": the prompt and an optional position; an optional second image. */
export function scenePrompt(
  type: SceneType,
  description: string,
  position: ScenePosition | undefined,
  withAddedImage: boolean,
): string {
  const what =
    type === "text"
      ? `Add this text to the scene, rendered legibly and matching the scene's style: "${description.trim()}".`
      : type === "widget"
        ? `Add a widget (a small graphic element such as a badge, sticker, label or UI card) to the scene: "${description.trim()}".`
        : `Add an image to the scene, blended in naturally with matching lighting, perspective and scale: "${description.trim()}".`;
  const where = position ? ` Place it at the ${position.replace("-", " ")} of the picture.` : "";
  const second = withAddedImage
    ? " The first image is the scene; the second image is the picture to add into it."
    : "";
  return `${what}${where}${second} Keep everything else in the scene unchanged and return one edited image.`;
}
