/**
 * An outline button of the drawing's controls that shows only an icon: `label` names it for screen
 * readers, `title` is its tooltip. Compact on a phone, so the controls fit the width of the screen.
 */
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type IconButtonProps = {
  icon: LucideIcon;
  label: string;
  title: string;
  keyshortcuts?: string;
  disabled?: boolean;
  className?: string;
  onClick: () => void;
};

export function IconButton({
  icon: Icon,
  label,
  title,
  keyshortcuts,
  disabled,
  className,
  onClick,
}: IconButtonProps) {
  return (
    <Button
      type="button"
      size="icon"
      variant="outline"
      aria-label={label}
      aria-keyshortcuts={keyshortcuts}
      title={title}
      disabled={disabled}
      className={cn("size-8 sm:size-9", className)}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
