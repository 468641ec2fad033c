/**
 * What a tool is (docs/architecture.md "Tools"): one folder under src/tools that exports one descriptor
 * from its `tool.ts`. The registry (src/tools/registry.ts) is the list of descriptors; routes, the
 * sidebar, the share chooser and "Edit with…", the route tests and the local engine's dispatch (by the id
 * each AI call carries in x-cucumber-tool) come from it. A descriptor is light on purpose: every page
 * loads the registry, so the tool's page and its run are fetched only when they are used.
 */
import type { ReactElement } from "react";
import type { LucideIcon } from "lucide-react";
import type { VariantId } from "@/config/variants";

/** What a tool keeps on the device for each result (My Creations), and shows again after a reload. */
export type ToolKeeps = "image" | "gif" | "text" | "images";

/**
 * What a tool starts from: one photo (a share or "Edit with…" can open it with one), several photos
 * (Batch takes a share of more than one), or only words (the Animator).
 */
export type ToolInput = "photo" | "photos" | "words";

export type ToolDescriptor<Id extends string = string> = {
  id: Id;
  /** The route (SPEC 2.1). */
  path: `/${string}`;
  /** Sidebar label. */
  label: string;
  /** Page heading. */
  title: string;
  /** One line saying what the tool does. */
  description: string;
  icon: LucideIcon;
  /** The file name of a downloaded result (SPEC 2.4, 2.16, 9). */
  downloadName: string;
  takes: ToolInput;
  keeps: ToolKeeps;
  /** The page, fetched when its route opens. */
  page: () => Promise<ReactElement>;
  /** Style tools are rows of the variant table and share one page (src/tools/styles). */
  variant?: VariantId;
  /** Behind login only, not the tier gate: the home tool (Convert Anything's page, SPEC 2.1). */
  home?: boolean;
};
