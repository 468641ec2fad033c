/**
 * Tool handlers of the local preview engine: each tool whose request needs more than a style
 * (a scene addition, an animation sheet, an enhanced drawing, ...) has a file here that recognises
 * its prompt (built by src/config/prompts.ts) and renders the answer. The engine asks them in order
 * before its generic style rendering; the first that answers wins.
 */
import type { DecodedImage } from "../image.ts";
import { artHandler } from "./art.ts";
import { animatorHandler } from "./animator.ts";
import { celebrationsHandler } from "./celebrations.ts";
import { sceneHandler } from "./scene.ts";

export interface ToolRequest {
  /** The request's text parts, joined. */
  prompt: string;
  /** The inline images, in order, decoded lazily (and only once) by `decoded()`. */
  imageCount: number;
  decoded: () => Promise<DecodedImage[]>;
  wantsImage: boolean;
  /** Requested width / height (imageConfig.aspectRatio), if any. */
  aspectRatio?: number;
}

export type ToolAnswer = { text: string; png?: Buffer };

export interface ToolHandler {
  id: string;
  /** Whether this handler answers the request (from the prompt's wording and the images sent). */
  matches: (request: ToolRequest) => boolean;
  render: (request: ToolRequest) => Promise<ToolAnswer>;
}

/** Add a tool's handler here (most specific first). */
export const TOOL_HANDLERS: ToolHandler[] = [sceneHandler, animatorHandler, celebrationsHandler, artHandler];
