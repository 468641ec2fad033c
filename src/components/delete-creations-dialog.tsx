/** The question before deleting every creation of the user on this device. */
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { deleteAllCreations } from "@/lib/creations";

export const DELETE_ALL_TITLE = "Delete my creations on this device";
export const DELETE_ALL_DONE = "Your creations on this device were deleted.";
export const DELETE_ALL_FAILED = "Your creations could not be deleted. Please try again.";

/**
 * Asks before deleting every creation of the user on this device (My Creations, Settings). Other
 * accounts' creations and the usage counts are not touched.
 */
export function DeleteCreationsDialog({
  userId,
  open,
  onOpenChange,
  onDeleted,
}: {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (count: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  // The question's code comes with what offers it (My Creations, Settings), so it opens at once.
  useEffect(() => ConfirmDialog.preload(), []);

  async function confirm() {
    setBusy(true);
    try {
      const count = await deleteAllCreations(userId);
      toast.success(DELETE_ALL_DONE);
      onOpenChange(false);
      onDeleted?.(count);
    } catch (error) {
      console.error("Could not delete the creations", error);
      toast.error(DELETE_ALL_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete all your creations?"
      description="Every result kept on this device for your account is deleted for good. Your conversions used this month don't change."
      cancelLabel="Cancel"
      confirmLabel="Delete all"
      onConfirm={() => void confirm()}
      destructive
      busy={busy}
      alert
      className="sm:max-w-sm"
    />
  );
}
