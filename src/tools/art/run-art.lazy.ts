/**
 * The Art Enhancer's AI call (run-art.ts, with the picture's preparation), fetched by use-art.ts when
 * an enhancement starts: the page's first load is the upload, the drawing tab and the pickers.
 */
export { runArt } from "./run-art";
