import { lazy, Suspense, useState } from "react";

// The dialog's code (Radix Dialog, focus trap, scroll lock) is fetched the first time it opens.
const ExploreToolsDialog = lazy(() =>
  import("./explore-tools-dialog").then((m) => ({ default: m.ExploreToolsDialog })),
);

/** "Explore External Tools" (SPEC 2.5): nothing in the page until it is first opened. */
export function ExploreDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Stays mounted once opened, so it can play its closing animation.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ExploreToolsDialog open={open} onOpenChange={onOpenChange} />
    </Suspense>
  );
}
