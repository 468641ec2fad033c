/** The confirm dialog, its code fetched when it first opens. */
import { onDemand } from "@/components/on-demand";

/**
 * A question with two answers (Radix Dialog, confirm-dialog.lazy.tsx): its code is fetched when it
 * first opens, or on hover or focus of what opens it through `ConfirmDialog.preload`.
 */
export const ConfirmDialog = onDemand(() =>
  import("./confirm-dialog.lazy").then((m) => m.ConfirmDialogContent),
);
