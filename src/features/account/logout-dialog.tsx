import { Loader2, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useSignOut } from "@/lib/sign-out";
import type { AccountDialogProps } from "./dialog-props";

/** "Confirm Logout" (SPEC 2.9): the question, Cancel and Logout (toasts come from useSignOut). */
export function LogoutDialog({ open, onOpenChange, onCloseAutoFocus }: AccountDialogProps) {
  const signOut = useSignOut();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="sm:max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Confirm Logout</DialogTitle>
          <DialogDescription>Are you sure you want to log out of your account?</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSuccess: () => onOpenChange(false) })}
          >
            {signOut.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <LogOut aria-hidden="true" />
            )}
            Logout
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
