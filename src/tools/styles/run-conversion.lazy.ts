/**
 * A style tool's AI call (run-conversion.ts, with the photo's preparation), fetched by
 * use-conversion.ts when a conversion starts: the page's first load is the upload and its pickers.
 */
export { runConversion } from "./run-conversion";
