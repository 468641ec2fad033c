/** Modify Scene: the tool's descriptor (src/tools/types.ts). */
import { Layers2 } from "lucide-react";
import type { ToolDescriptor } from "../types";

export const sceneTool = {
  id: "scene",
  path: "/create-nft",
  label: "Modify Scene",
  title: "Modify Scene",
  description: "Add an image, text or widget to a picture.",
  icon: Layers2,
  downloadName: "modified-scene.png",
  takes: "photo",
  keeps: "image",
  page: async () => {
    const { ScenePage } = await import("./scene-page");
    return <ScenePage />;
  },
} as const satisfies ToolDescriptor;
