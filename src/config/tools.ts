import { paths, type AppPath } from "./paths";
import { getVariant, VARIANTS, type Variant, type VariantId } from "./variants";

/**
 * The tool routes behind login and the tier gate (SPEC 2.1), in sidebar order. Sidebar entries,
 * routes and the route-table tests are generated from this list.
 */
export type ToolEntry = {
  path: AppPath;
  /** Sidebar label. */
  label: string;
  /** Page heading. */
  title: string;
  /** One line saying what the tool does. */
  description: string;
  /** Style tools are rows of the variant table and share one page. */
  variant?: VariantId;
};

function fromVariant(v: Variant): ToolEntry {
  return { path: v.path, label: v.label, title: v.title, description: v.description, variant: v.id };
}

const STYLE_TOOLS = VARIANTS.filter((v) => v.id !== "cucumber").map(fromVariant);

export const HOME_TOOL: ToolEntry = fromVariant(getVariant("cucumber"));

export const TOOL_ROUTES: readonly ToolEntry[] = [
  {
    path: paths.batch,
    label: "Batch Processing",
    title: "Batch Image Processing",
    description: "Apply one instruction to many images at once.",
  },
  ...STYLE_TOOLS,
  {
    path: paths.animator,
    label: "Animator",
    title: "Character Animator",
    description: "Describe a character and get a colourful cartoon of it.",
  },
  {
    path: paths.art,
    label: "Create Art",
    title: "Art Enhancer",
    description: "Upload or draw a picture and get a refined version of it.",
  },
  {
    path: paths.scene,
    label: "Modify Scene",
    title: "Modify Scene",
    description: "Add an image, text or widget to a picture.",
  },
  {
    path: paths.poetry,
    label: "Visual Poetry",
    title: "Visual Poetry",
    description: "Get a colourful poem about your picture.",
  },
  {
    path: paths.celebrations,
    label: "Celebrations",
    title: "Celebration Creator",
    description: "A festive image for a birthday, wedding, graduation and more.",
  },
];
