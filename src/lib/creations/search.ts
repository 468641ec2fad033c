/**
 * What a creation is found by in My Creations' search: what its card shows (issue 27 §4), the tool's
 * name, the tools it was made with, the person's own words and a text result's first lines; never the
 * app's own instruction to the AI (a style's prompt, "…photorealistic… Return one image.").
 */
import { allTools, type ToolId } from "@/tools/registry";
import type { CreationRecord } from "./types";

/**
 * The person's own words for a creation: what they typed (a custom transformation, a batch instruction,
 * a scene or a character description), or null when they typed nothing. A style conversion keeps the
 * tool's own instruction as its `prompt` and, in records kept before, as its `instruction` too: that is
 * the app's wording, not theirs, so it is never shown as a caption nor searched.
 */
export function ownWords(record: { instruction: string; prompt?: string }): string | null {
  const words = record.instruction.trim();
  if (!words || words === record.prompt?.trim()) return null;
  return words;
}

/** A tool's sidebar label and page title ("Hulk", "Hulk.AI"); nothing for a tool no longer there. */
function toolNames(id: ToolId): string {
  const tool = allTools().find((t) => t.id === id);
  return tool ? `${tool.label} ${tool.title}` : "";
}

/** The words a creation is searched in, lower case. */
function searchText(record: CreationRecord): string {
  return [
    toolNames(record.tool),
    ...(record.from ?? []).map((step) => toolNames(step.tool)),
    ownWords(record) ?? "",
    record.excerpt ?? "",
  ]
    .join(" ")
    .toLowerCase();
}

/** Whether a creation matches every word of `search` (all of them when it is empty). */
export function matcher(search: string | undefined): (record: CreationRecord) => boolean {
  const words = (search ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return () => true;
  return (record) => {
    const text = searchText(record);
    return words.every((word) => text.includes(word));
  };
}
