/** Animator: the tool's descriptor (src/tools/types.ts). */
import { Shapes } from "lucide-react";
import type { ToolDescriptor } from "../types";

export const animatorTool = {
  id: "animator",
  path: "/animator",
  label: "Animator",
  title: "Character Animator",
  description: "Describe a character and get a colourful cartoon of it.",
  icon: Shapes,
  downloadName: "animated-character.png",
  takes: "words",
  keeps: "gif",
  page: async () => {
    const { AnimatorPage } = await import("./animator-page");
    return <AnimatorPage />;
  },
} as const satisfies ToolDescriptor;
