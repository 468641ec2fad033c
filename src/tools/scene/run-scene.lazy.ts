/**
 * Modify Scene's AI call (run-scene.ts, with the pictures' preparation), fetched by use-scene.ts when a
 * change is made: the page's first load is the upload and the form.
 */
export { runScene } from "./run-scene";
