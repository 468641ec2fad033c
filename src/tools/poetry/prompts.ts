/**
 * Visual Poetry's instruction (SPEC 7.1, 7.2). The local preview engine never reads these words: it takes the
 * tool's id and its input (src/config/tool-input.ts).
 */
/** SPEC 7.2 "Poem generation". */
export const POEM_PROMPT =
  "Write a visual, colourful poem about this image. Use vivid imagery of its colours, light and subjects. Put each line on its own line (use line breaks), 8 to 16 lines, and answer with the poem only: no title, no explanation.";
