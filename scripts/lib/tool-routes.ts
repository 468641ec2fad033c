// The tools as the first-load budget check sees them (scripts/check-budget.mjs, loaded through Vite's
// module runner): every tool of the registry with its route and the folder of src/tools its descriptor
// is in, the one tool folder its page may load. A new tool is measured from the moment it is registered.
import { allTools } from "../../src/tools/registry";

const descriptorFiles = import.meta.glob<Record<string, unknown>>("../../src/tools/*/tool.tsx", {
  eager: true,
});

/** Tool id → the folder under src/tools whose `tool.tsx` exports its descriptor (or a list of them). */
function foldersById(): Map<string, string> {
  const folders = new Map<string, string>();
  for (const [file, exports] of Object.entries(descriptorFiles)) {
    const folder = file.split("/").at(-2)!;
    for (const value of Object.values(exports).flat()) {
      if (value && typeof value === "object" && "id" in value) folders.set(String(value.id), folder);
    }
  }
  return folders;
}

export type ToolRoute = { id: string; path: string; folder: string };

/** Every registered tool, home first, in sidebar order. */
export function toolRoutes(): ToolRoute[] {
  const folders = foldersById();
  return allTools().map((tool) => {
    const folder = folders.get(tool.id);
    if (!folder) throw new Error(`No src/tools/*/tool.tsx exports the descriptor of "${tool.id}".`);
    return { id: tool.id, path: tool.path, folder };
  });
}
