/** Each tool's icon, as the sidebar, the share chooser and "Edit with…" show it. */
import {
  Bone,
  Brush,
  Feather,
  Gamepad2,
  Layers,
  Layers2,
  Leaf,
  PartyPopper,
  Shapes,
  Smile,
  Sparkles,
  Tv,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { ToolId } from "./tools";

export const TOOL_ICONS: Record<ToolId, LucideIcon> = {
  cucumber: Sparkles,
  batch: Layers,
  hulk: Zap,
  muppet: Smile,
  frog: Leaf,
  simpsons: Tv,
  gta: Gamepad2,
  "family-guy": Users,
  skeleton: Bone,
  animator: Shapes,
  art: Brush,
  scene: Layers2,
  poetry: Feather,
  celebrations: PartyPopper,
};
