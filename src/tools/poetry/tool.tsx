/** Visual Poetry: the tool's descriptor (src/tools/types.ts). */
import { Feather } from "lucide-react";
import type { ToolDescriptor } from "../types";

export const poetryTool = {
  id: "poetry",
  path: "/visual-poetry",
  label: "Visual Poetry",
  title: "Visual Poetry",
  description: "Get a colourful poem about your picture.",
  icon: Feather,
  downloadName: "visual-poem.txt",
  takes: "photo",
  keeps: "text",
  page: async () => {
    const { PoetryPage } = await import("./poetry-page");
    return <PoetryPage />;
  },
} as const satisfies ToolDescriptor;
