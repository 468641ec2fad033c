/**
 * The Art Enhancer's instruction (SPEC 7.1, 7.2). The local preview engine never reads these words: it takes the
 * tool's id and its input (src/config/tool-input.ts).
 */
/** SPEC 7.1 "art enhancement": keep content, composition and text exactly; refine lines, colour, shading. */
export const ART_PROMPT =
  "Enhance this artwork. Keep its content, composition and any text exactly as they are: do not add, remove or move anything. Refine only the lines, colour and shading so it looks polished and professional. Return one image.";
