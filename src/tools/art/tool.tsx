/** Create Art: the tool's descriptor (src/tools/types.ts). */
import { Brush } from "lucide-react";
import type { ToolDescriptor } from "../types";

export const artTool = {
  id: "art",
  path: "/create-art",
  label: "Create Art",
  title: "Art Enhancer",
  description: "Upload or draw a picture and get a refined version of it.",
  icon: Brush,
  downloadName: "modified-scene.png",
  takes: "photo",
  keeps: "image",
  page: async () => {
    const { ArtPage } = await import("./art-page");
    return <ArtPage />;
  },
} as const satisfies ToolDescriptor;
