import { paths, type AppPath } from "./paths";

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
};

export const HOME_TOOL: ToolEntry = {
  path: paths.home,
  label: "Cucumber",
  title: "Cucumber.AI",
  description: "Add exactly one humorous, photorealistic cucumber to your photo.",
};

export const TOOL_ROUTES: readonly ToolEntry[] = [
  {
    path: paths.batch,
    label: "Batch Processing",
    title: "Batch Image Processing",
    description: "Apply one instruction to many images at once.",
  },
  {
    path: paths.hulk,
    label: "Hulk",
    title: "Hulk.AI",
    description: "Become Hulk or She-Hulk: green skin and muscles, your face and likeness kept.",
  },
  {
    path: paths.muppet,
    label: "Muppet",
    title: "Muppet.AI",
    description: "Turn everyone in the photo into a Muppet, background preserved.",
  },
  {
    path: paths.frog,
    label: "Frog",
    title: "Frog.AI",
    description: "Turn the subject into a frog, or add a frog to the scene.",
  },
  {
    path: paths.simpsons,
    label: "Simpsons",
    title: "Simpsons.AI",
    description: "Redraw your photo in the Simpsons cartoon style, likeness kept.",
  },
  {
    path: paths.gta,
    label: "GTA",
    title: "GTA.AI",
    description: "Your photo as Grand Theft Auto loading-screen art.",
  },
  {
    path: paths.familyGuy,
    label: "Family Guy",
    title: "Family Guy.AI",
    description: "Redraw your photo in the Family Guy cartoon style.",
  },
  {
    path: paths.skeleton,
    label: "Skeleton",
    title: "Skeleton Transformer",
    description: "A cartoon X-ray skeleton of your subject in the same pose.",
  },
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
