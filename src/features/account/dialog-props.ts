/** What the user menu hands each of its dialogs: it alone decides which one is open. */
export type AccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (back to the avatar, unless another dialog took over). */
  onCloseAutoFocus?: (event: Event) => void;
};
