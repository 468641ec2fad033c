/** The Explore dialog as the sidebar uses it, its code fetched only when needed. */
import { onDemand } from "@/components/on-demand";

/**
 * "Explore External Tools" (SPEC 2.5): nothing in the page until it is first opened; its code (Radix
 * Dialog, focus trap, scroll lock) is fetched then, or on hover of the sidebar entry.
 */
export const ExploreDialog = onDemand(() =>
  import("./explore-dialog.lazy").then((m) => m.ExploreToolsDialog),
);
