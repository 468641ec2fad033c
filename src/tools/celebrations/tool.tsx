/** Celebrations: the tool's descriptor (src/tools/types.ts). */
import { PartyPopper } from "lucide-react";
import type { ToolDescriptor } from "../types";

export const celebrationsTool = {
  id: "celebrations",
  path: "/celebrations",
  label: "Celebrations",
  title: "Celebration Creator",
  description: "A festive image for a birthday, wedding, graduation and more.",
  icon: PartyPopper,
  // SPEC 9: "{type}-celebration.png"; the page puts the type in front (birthday-celebration.png).
  downloadName: "celebration.png",
  takes: "photo",
  keeps: "image",
  page: async () => {
    const { CelebrationPage } = await import("./celebration-page");
    return <CelebrationPage />;
  },
} as const satisfies ToolDescriptor;
