/** The Confirm Logout dialog, with the choice to also remove what this device keeps of the user. */
import { useId, useRef, useState, type RefObject } from "react";
import { Loader2, LogOut } from "lucide-react";
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
import { useUser } from "@/lib/auth";
import { removeUserDataFromDevice, type DeviceDataPart } from "@/lib/creations";
import { useSignOut } from "@/lib/sign-out";
import type { AccountDialogProps } from "./dialog-props";

export const REMOVE_DATA_LABEL = "Also remove my creations from this device";
export const REMOVE_DATA_HINT =
  "Your kept results, each tool's last result and your Art drawing, for this account only. Other accounts' stay.";

/** The plain words for what could not be removed (the sign-out goes on regardless). */
export function removeFailedMessage(failed: readonly DeviceDataPart[]): string {
  const what =
    failed.length > 1
      ? "Your creations and your drawing"
      : failed[0] === "drawing"
        ? "Your drawing"
        : "Your creations";
  return `${what} could not be removed from this device and are still on it. Log in again to delete them.`;
}

/**
 * "Confirm Logout" (SPEC 2.9): the question, Cancel and Logout (toasts come from useSignOut). On a
 * shared device the user can also remove their creations and drawing from it first (unticked by
 * default); a failure there is said plainly and does not stop the sign-out.
 */
export function LogoutDialog({ open, onOpenChange, onCloseAutoFocus }: AccountDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        role="alertdialog"
        className="sm:max-w-sm"
        onCloseAutoFocus={onCloseAutoFocus}
        // The safe answer has focus first, not the checkbox above it.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          cancelRef.current?.focus();
        }}
      >
        {/* Inside the content: each opening starts unticked. */}
        <LogoutBody onOpenChange={onOpenChange} cancelRef={cancelRef} />
      </DialogContent>
    </Dialog>
  );
}

function LogoutBody({
  onOpenChange,
  cancelRef,
}: Pick<AccountDialogProps, "onOpenChange"> & { cancelRef: RefObject<HTMLButtonElement | null> }) {
  const signOut = useSignOut();
  const userId = useUser()?.id ?? null;
  const [removeData, setRemoveData] = useState(false);
  const [removing, setRemoving] = useState(false);
  const checkboxId = useId();
  const hintId = useId();
  const busy = removing || signOut.isPending;

  async function logout() {
    if (removeData && userId) {
      setRemoving(true);
      const failed = await removeUserDataFromDevice(userId);
      setRemoving(false);
      if (failed.length > 0) toast.error(removeFailedMessage(failed));
    }
    signOut.mutate(undefined, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Confirm Logout</DialogTitle>
        <DialogDescription>Are you sure you want to log out of your account?</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1 text-sm">
        <div className="flex items-start gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-[var(--primary)]"
            checked={removeData}
            disabled={busy || !userId}
            aria-describedby={hintId}
            onChange={(e) => setRemoveData(e.target.checked)}
          />
          <label htmlFor={checkboxId} className="font-medium">
            {REMOVE_DATA_LABEL}
          </label>
        </div>
        <p id={hintId} className="pl-6 text-muted-foreground">
          {REMOVE_DATA_HINT}
        </p>
      </div>
      <DialogFooter>
        <Button ref={cancelRef} variant="outline" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button variant="destructive" disabled={busy} onClick={() => void logout()}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <LogOut aria-hidden="true" />}
          Logout
        </Button>
      </DialogFooter>
    </>
  );
}
