/**
 * THE tool registry: the list of tool descriptors in sidebar order (src/tools/types.ts). Routes, the
 * sidebar, the share chooser and "Edit with…", My Creations' filters and the route tests read it.
 * Adding a tool is a folder with its `tool.tsx` and one line in TOOLS below.
 */
import { animatorTool } from "./animator/tool";
import { artTool } from "./art/tool";
import { batchTool } from "./batch/tool";
import { celebrationsTool } from "./celebrations/tool";
import { poetryTool } from "./poetry/tool";
import { sceneTool } from "./scene/tool";
import { STYLE_TOOLS } from "./styles/tool";
import type { ToolDescriptor } from "./types";

const [HOME, ...OTHER_STYLES] = STYLE_TOOLS;

const TOOLS = [
  HOME!,
  batchTool,
  ...OTHER_STYLES,
  animatorTool,
  artTool,
  sceneTool,
  poetryTool,
  celebrationsTool,
] as const;

/** Every tool id the app has (the registry's, and a tool a test registers). */
export type ToolId = (typeof TOOLS)[number]["id"];
export type ToolEntry = ToolDescriptor<ToolId>;

const registered: ToolEntry[] = [...TOOLS];

/**
 * Adds a tool to the registry (a test's made-up tool; the app's own are listed above). Call before the
 * router is made. Returns the function that takes it out again.
 */
export function registerTool(tool: ToolDescriptor): () => void {
  const entry = tool as ToolEntry;
  registered.push(entry);
  return () => {
    const at = registered.indexOf(entry);
    if (at >= 0) registered.splice(at, 1);
  };
}

/** Every tool, home first, in sidebar order. */
export function allTools(): readonly ToolEntry[] {
  return registered;
}

/** The home tool (Convert Anything's page at /, behind login but not the tier gate). */
export const HOME_TOOL: ToolEntry = HOME!;

/** The tools behind login and the tier gate, in sidebar order. */
export function gatedTools(): readonly ToolEntry[] {
  return registered.filter((tool) => !tool.home);
}

export function getTool(id: ToolId): ToolEntry {
  const tool = registered.find((t) => t.id === id);
  if (!tool) throw new Error(`Unknown tool ${id}`);
  return tool;
}

/** The tool of an id read from storage or a link; undefined when no tool has it. */
export function findTool(id: string): ToolEntry | undefined {
  return registered.find((t) => t.id === id);
}

/**
 * The tools that start from one photo, in sidebar order: where a shared photo or a result sent on
 * with "Edit with…" can go. (Batch takes several: a share of more than one photo goes there.)
 */
export function photoTools(): readonly ToolEntry[] {
  return registered.filter((tool) => tool.takes === "photo");
}
