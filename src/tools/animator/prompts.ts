/**
 * The Character Animator's instructions (SPEC 7.1, 7.2). The local preview engine never reads these words: it takes the
 * tool's id and its input (src/config/tool-input.ts).
 */
/** SPEC 7.1 "character generation": the user's description in a colorful cartoon character. */
export function characterPrompt(description: string): string {
  return `Create a colorful cartoon character based on this description: "${description.trim()}". Show the character full-body in a neutral pose on a simple, plain background.`;
}

/** Character Animator's "Animate": four frames of a loop, as one 2x2 sheet split in the browser. */
export const ANIMATION_PROMPT =
  "Animate this cartoon character: draw a four-frame animation loop of exactly this character (same design, colours and size) as ONE image that is a 2x2 grid sprite sheet. Frame 1 top-left, frame 2 top-right, frame 3 bottom-left, frame 4 bottom-right. Use one simple, clearly visible motion (a little bounce, a wave or a happy hop) so that frame 4 leads smoothly back into frame 1. Keep the character centred in each quarter, the same plain background in every frame, no borders, no gaps, no text.";
