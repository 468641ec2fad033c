/** The inside of a confirm dialog: the question, and the two answers. */
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  destructive?: boolean;
  /** The answer is being carried out: both buttons wait, and the dialog cannot be closed. */
  busy?: boolean;
  /** Announced as an alert dialog (for a question about something that cannot be undone). */
  alert?: boolean;
  className?: string;
};

/** A question with two answers, fetched by ConfirmDialog (confirm-dialog.tsx) when it first opens. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  destructive = false,
  busy = false,
  alert = false,
  className,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      {/* Radix gives the content role="dialog"; an explicit undefined would take that away. */}
      <DialogContent className={className} {...(alert ? { role: "alertdialog" } : {})}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            type="button"
            variant={destructive ? "destructive" : "default"}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
