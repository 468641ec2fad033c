/** An outline button of the drawing's controls that shows only an icon: `label` names it for screen readers. */
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

type IconButtonProps = {
  icon: LucideIcon;
  label: string;
  title: string;
  keyshortcuts?: string;
  disabled?: boolean;
  onClick: () => void;
};

export function IconButton({ icon: Icon, label, title, keyshortcuts, disabled, onClick }: IconButtonProps) {
  return (
    <Button
      type="button"
      size="icon"
      variant="outline"
      aria-label={label}
      aria-keyshortcuts={keyshortcuts}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
