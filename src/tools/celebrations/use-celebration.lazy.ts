/**
 * The celebration's AI call (run-celebration.ts), fetched by use-celebration.ts when an image is
 * generated: the page's first load is the form alone.
 */
export { runCelebration } from "./run-celebration";
