/**
 * The tool routes behind login and the tier gate (SPEC 2.1), in sidebar order. Sidebar entries,
 * routes and the route-table tests are generated from this list.
 */
import { paths, type AppPath } from "./paths";
import { getVariant, VARIANTS, type Variant, type VariantId } from "./variants";

/** Every tool of the sidebar: the eight styles (rows of the variant table) and the other tools. */
export type ToolId = VariantId | "batch" | "animator" | "art" | "scene" | "poetry" | "celebrations";

export type ToolEntry = {
  id: ToolId;
  path: AppPath;
  /** Sidebar label. */
  label: string;
  /** Page heading. */
  title: string;
  /** One line saying what the tool does. */
  description: string;
  /** Style tools are rows of the variant table and share one page. */
  variant?: VariantId;
  /** The file name of a downloaded result (SPEC 2.4, 2.16, 9). */
  downloadName: string;
};

function fromVariant(v: Variant): ToolEntry {
  return {
    id: v.id,
    path: v.path,
    label: v.label,
    title: v.title,
    description: v.description,
    variant: v.id,
    downloadName: v.downloadName,
  };
}

const STYLE_TOOLS = VARIANTS.filter((v) => v.id !== "cucumber").map(fromVariant);

export const HOME_TOOL: ToolEntry = fromVariant(getVariant("cucumber"));

export const TOOL_ROUTES: readonly ToolEntry[] = [
  {
    id: "batch",
    path: paths.batch,
    downloadName: "batch-results.zip",
    label: "Batch Processing",
    title: "Batch Image Processing",
    description: "Apply one instruction to many images at once.",
  },
  ...STYLE_TOOLS,
  {
    id: "animator",
    path: paths.animator,
    downloadName: "animated-character.png",
    label: "Animator",
    title: "Character Animator",
    description: "Describe a character and get a colourful cartoon of it.",
  },
  {
    id: "art",
    path: paths.art,
    downloadName: "modified-scene.png",
    label: "Create Art",
    title: "Art Enhancer",
    description: "Upload or draw a picture and get a refined version of it.",
  },
  {
    id: "scene",
    path: paths.scene,
    downloadName: "modified-scene.png",
    label: "Modify Scene",
    title: "Modify Scene",
    description: "Add an image, text or widget to a picture.",
  },
  {
    id: "poetry",
    path: paths.poetry,
    downloadName: "visual-poem.txt",
    label: "Visual Poetry",
    title: "Visual Poetry",
    description: "Get a colourful poem about your picture.",
  },
  {
    id: "celebrations",
    path: paths.celebrations,
    // SPEC 9: "{type}-celebration.png"; the page puts the type in front (birthday-celebration.png).
    downloadName: "celebration.png",
    label: "Celebrations",
    title: "Celebration Creator",
    description: "A festive image for a birthday, wedding, graduation and more.",
  },
];

/** Every tool, home first, in sidebar order. */
export const ALL_TOOLS: readonly ToolEntry[] = [HOME_TOOL, ...TOOL_ROUTES];

export function getTool(id: ToolId): ToolEntry {
  const tool = ALL_TOOLS.find((t) => t.id === id);
  if (!tool) throw new Error(`Unknown tool ${id}`);
  return tool;
}

/**
 * The tools that start from one photo, in sidebar order: where a shared photo or a result sent on
 * with "Edit with…" can go. (Batch takes several: a share of more than one photo goes there.)
 */
export const PHOTO_TOOLS: readonly ToolEntry[] = ALL_TOOLS.filter(
  (tool) => tool.id !== "animator" && tool.id !== "batch",
);
