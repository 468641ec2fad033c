/**
 * The GIF encoder (gif.ts with gifenc), fetched by run-animator.ts when the first animation's frames
 * are ready: a visit that only makes characters never loads it.
 */
export { encodeGif } from "./gif";
