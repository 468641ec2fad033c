/**
 * The Celebration Creator's occasions and instruction (SPEC 7.1, 7.2). The local preview engine never reads these words: it takes the
 * tool's id and its input (src/config/tool-input.ts).
 */
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
