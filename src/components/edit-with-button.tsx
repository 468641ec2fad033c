/**
 * The "Edit with…" button itself (src/components/edit-with.tsx fetches it with the first result): a
 * stand-in whose menu (Radix's dropdown) is fetched when it is approached or pressed, and mounts there,
 * already open.
 */
import { ChevronDown, Wand2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyPart, usePressToLoad } from "@/components/on-demand";
import type { EditWithProps } from "./edit-with";

export const EDIT_WITH_LABEL = "Edit with…";

const EditWithMenu = lazyPart(() => import("./edit-with-menu").then((m) => m.EditWithMenu));

/** The "Edit with…" button; its menu mounts (already open) on the first press. */
export function EditWithButton({ source, disabled, size = "default", label }: EditWithProps) {
  const { pressed, standInProps, reset } = usePressToLoad(EditWithMenu);
  const standIn = (
    <Button
      variant="outline"
      size={size}
      disabled={disabled}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={label}
      {...standInProps}
    >
      <Wand2 aria-hidden="true" />
      {EDIT_WITH_LABEL}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
  if (!pressed || disabled) return standIn;
  return (
    <EditWithMenu
      fallback={standIn}
      onFailed={reset}
      source={source}
      size={size}
      label={label}
      focusFirstItem={pressed === "key"}
      onClosed={reset}
    />
  );
}
