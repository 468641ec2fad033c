/** The eight style tools: one descriptor per row of the variant table, all on the one style page. */
import { Bone, Gamepad2, Leaf, Smile, Sparkles, Tv, Users, Zap, type LucideIcon } from "lucide-react";
import { VARIANTS, type Variant, type VariantId } from "@/config/variants";
import type { ToolDescriptor } from "../types";

const ICONS: Record<VariantId, LucideIcon> = {
  cucumber: Sparkles,
  hulk: Zap,
  muppet: Smile,
  frog: Leaf,
  simpsons: Tv,
  gta: Gamepad2,
  "family-guy": Users,
  skeleton: Bone,
};

function styleTool(variant: Variant): ToolDescriptor<VariantId> {
  return {
    id: variant.id,
    path: variant.path,
    label: variant.label,
    title: variant.title,
    description: variant.description,
    icon: ICONS[variant.id],
    downloadName: variant.downloadName,
    takes: "photo",
    keeps: "image",
    variant: variant.id,
    home: variant.id === "cucumber",
    page: async () => {
      const { ConversionPage } = await import("./conversion-page");
      return <ConversionPage key={variant.id} variantId={variant.id} />;
    },
  };
}

/** Cucumber (the home page) first, then the seven others in the table's order. */
export const STYLE_TOOLS = VARIANTS.map(styleTool);
