import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
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
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent role="alertdialog" className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Delete all your creations?</DialogTitle>
          <DialogDescription>
            Every result kept on this device for your account is deleted for good. Your conversions used this
            month don&apos;t change.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
            Delete all
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
