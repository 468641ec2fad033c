/** Batch Processing: the tool's descriptor (src/tools/types.ts). */
import { Layers } from "lucide-react";
import type { ToolDescriptor } from "../types";

export const batchTool = {
  id: "batch",
  path: "/batch-processing",
  label: "Batch Processing",
  title: "Batch Image Processing",
  description: "Apply one instruction to many images at once.",
  icon: Layers,
  downloadName: "batch-results.zip",
  takes: "photos",
  keeps: "images",
  page: async () => {
    const { BatchPage } = await import("./batch-page");
    return <BatchPage />;
  },
} as const satisfies ToolDescriptor;
