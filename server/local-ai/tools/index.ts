/**
 * Tool handlers of the local preview engine, keyed by the tool id the page sends in x-cucumber-tool
 * (src/tools/registry.ts): each tool whose answer needs more than a style (a scene addition, an animation
 * sheet, a celebration card, an enhanced drawing) has a file here that takes its details from the
 * tool's input (x-cucumber-tool-input, read with input.ts), never from the prompt's wording, so a
 * prompt reworded in its tool folder (src/tools/<id>/prompts.ts) answers the same. A request of any other tool, or of none,
 * takes the engine's generic path (answer.ts). registerEngineTool adds a handler (a test's made-up tool).
 */
import type { DecodedImage } from "../image.ts";
import { artHandler } from "./art.ts";
import { animatorHandler } from "./animator.ts";
import { celebrationsHandler } from "./celebrations.ts";
import { sceneHandler } from "./scene.ts";

export interface ToolRequest {
  /** The tool the request names (x-cucumber-tool). */
  tool: string;
  /** What the tool sent for the engine (x-cucumber-tool-input); empty when it sent nothing. */
  input: Readonly<Record<string, unknown>>;
  /** The request's text parts, joined (never read for details: the input has them). */
  prompt: string;
  /** The inline images, in order, decoded lazily (and only once) by `decoded()`. */
  imageCount: number;
  decoded: () => Promise<DecodedImage[]>;
  /** Requested width / height (imageConfig.aspectRatio), if any. */
  aspectRatio?: number;
}

export type ToolAnswer = { text: string; png?: Buffer };

/**
 * A tool's handler, in two steps. Called with the request as soon as it is read, it takes what it needs
 * from the input and the images sent and refuses what it cannot answer (BadRequest: a 400 at once, not
 * after the request has waited its turn); what it returns renders the answer when the turn comes.
 */
export type ToolHandler = (request: ToolRequest) => () => Promise<ToolAnswer>;

const HANDLERS = new Map<string, ToolHandler>([
  ["scene", sceneHandler],
  ["animator", animatorHandler],
  ["celebrations", celebrationsHandler],
  ["art", artHandler],
]);

/** The handler of a tool id, if the engine has one. */
export function engineTool(id: string): ToolHandler | undefined {
  return HANDLERS.get(id);
}

/**
 * Adds a handler for a tool id that has none (a second handler for one id is a mistake, and throws).
 * Returns the function that removes it again.
 */
export function registerEngineTool(id: string, handler: ToolHandler): () => void {
  const key = id.trim().toLowerCase();
  if (HANDLERS.has(key)) throw new Error(`The local preview engine already has a handler for "${key}".`);
  HANDLERS.set(key, handler);
  return () => {
    if (HANDLERS.get(key) === handler) HANDLERS.delete(key);
  };
}
