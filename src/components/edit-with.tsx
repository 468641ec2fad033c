/**
 * "Edit with…" under an image result: opens a menu of the tools that take a photo; picking one opens
 * that tool with the result as its photo. The menu's code (Radix's dropdown) is fetched when the
 * button is approached or pressed, so no page pays for it in its first load.
 */
import { ChevronDown, Wand2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { lazyPart, usePressToLoad } from "@/components/on-demand";
import type { EditWithSource } from "@/lib/hand-over";

const EditWithMenu = lazyPart(() => import("./edit-with-menu").then((m) => m.EditWithMenu));

export const EDIT_WITH_LABEL = "Edit with…";

type EditWithProps = {
  source: EditWithSource;
  disabled?: boolean;
  size?: "default" | "sm";
  /** The accessible name where several results show one each ("Edit with… holiday.png"). */
  label?: string;
};

/** The "Edit with…" button; its menu mounts (already open) on the first press. */
export function EditWith({ source, disabled, size = "default", label }: EditWithProps) {
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
