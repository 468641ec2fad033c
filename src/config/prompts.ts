/**
 * The instructions the tools send (SPEC 7.1, 7.2), one builder per tool, in one place: the tools
 * call them and the local preview engine's tests feed every one of them to the engine. The style
 * tools' prompts live in their rows of the variant table (variants.ts).
 */
export { customPrompt, RECREATE_SUFFIX } from "./variants";

/**
 * Aspect ratios the image tools offer (docs/gemini.md "Output shape, several images, streaming"); the first
 * is the default.
 */
export const ASPECT_RATIOS = ["1:1", "4:5", "3:4", "16:9", "9:16"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export const DEFAULT_ASPECT_RATIO: AspectRatio = "1:1";

/** SPEC 7.2 "Poem generation". */
export const POEM_PROMPT =
  "Write a visual, colourful poem about this image. Use vivid imagery of its colours, light and subjects. Put each line on its own line (use line breaks), 8 to 16 lines, and answer with the poem only: no title, no explanation.";

/** SPEC 7.1 "character generation": the user's description in a colorful cartoon character. */
export function characterPrompt(description: string): string {
  return `Create a colorful cartoon character based on this description: "${description.trim()}". Show the character full-body in a neutral pose on a simple, plain background.`;
}

/** Character Animator's "Animate": four frames of a loop, as one 2x2 sheet split in the browser. */
export const ANIMATION_PROMPT =
  "Animate this cartoon character: draw a four-frame animation loop of exactly this character (same design, colours and size) as ONE image that is a 2x2 grid sprite sheet. Frame 1 top-left, frame 2 top-right, frame 3 bottom-left, frame 4 bottom-right. Use one simple, clearly visible motion (a little bounce, a wave or a happy hop) so that frame 4 leads smoothly back into frame 1. Keep the character centred in each quarter, the same plain background in every frame, no borders, no gaps, no text.";

/** SPEC 3 "Celebration types" (value: label), in the spec's order. */
export const CELEBRATION_TYPES = [
  { value: "birthday", label: "Birthday" },
  { value: "anniversary", label: "Anniversary" },
  { value: "wedding", label: "Wedding" },
  { value: "graduation", label: "Graduation" },
  { value: "new-baby", label: "New Baby" },
  { value: "promotion", label: "Job Promotion" },
  { value: "retirement", label: "Retirement" },
  { value: "holiday", label: "Holiday" },
  { value: "congratulations", label: "General Congratulations" },
] as const;
export type CelebrationType = (typeof CELEBRATION_TYPES)[number]["value"];

export function celebrationLabel(type: CelebrationType): string {
  return CELEBRATION_TYPES.find((t) => t.value === type)?.label ?? type;
}

/** SPEC 7.1 "celebration": the occasion and the description; a colourful, festive, joyful image. */
export function celebrationPrompt(
  type: CelebrationType,
  description: string,
  withInspiration: boolean,
): string {
  const inspiration = withInspiration
    ? " Use the attached image as inspiration for the subject, colours and mood."
    : "";
  return `Create a colourful, festive, joyful celebration image for this occasion: ${celebrationLabel(type)}. Description: "${description.trim()}".${inspiration} Make it bright and cheerful, with decorations that suit the occasion, and spell any words in it correctly. Return one image.`;
}

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

/** SPEC 7.1 "art enhancement": keep content, composition and text exactly; refine lines, colour, shading. */
export const ART_PROMPT =
  "Enhance this artwork. Keep its content, composition and any text exactly as they are: do not add, remove or move anything. Refine only the lines, colour and shading so it looks polished and professional. Return one image.";
