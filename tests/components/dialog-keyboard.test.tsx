/**
 * Focus when a dialog closes (issue 19, keyboard alone): a dialog opened without a Radix trigger (a
 * button that sets state, as the drawing's Clear does) gives focus back to what opened it; one with a
 * trigger, or whose caller decides, keeps that behaviour.
 */
import { useState } from "react";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConfirmDialogContent } from "@/components/confirm-dialog.lazy";
import { Dialog, DialogContent, DialogTitle, DialogTrigger } from "@/components/ui/dialog";

function OpenedByState({ onCloseAutoFocus }: { onCloseAutoFocus?: (event: Event) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Clear
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Clear the drawing?</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("dialog focus on close", () => {
  it("a dialog opened by state gives focus back to its opener on Escape", async () => {
    const user = userEvent.setup();
    render(<OpenedByState />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Clear" })).toHaveFocus();
    await user.keyboard("{Enter}");
    const dialog = await screen.findByRole("dialog", { name: "Clear the drawing?" });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Clear" })).toHaveFocus();
  });

  it("the confirm dialog's answers give focus back too", async () => {
    const user = userEvent.setup();
    function Confirm() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Clear
          </button>
          <ConfirmDialogContent
            open={open}
            onOpenChange={setOpen}
            title="Clear the drawing?"
            description="The canvas becomes white again."
            cancelLabel="Keep drawing"
            confirmLabel="Clear drawing"
            onConfirm={() => setOpen(false)}
          />
        </>
      );
    }
    render(<Confirm />);
    await user.tab();
    await user.keyboard(" ");
    await user.click(await screen.findByRole("button", { name: "Keep drawing" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Clear" })).toHaveFocus();
  });

  it("leaves focus to a caller that handles it", async () => {
    const user = userEvent.setup();
    const handled = (event: Event) => {
      event.preventDefault();
      screen.getByRole("button", { name: "Before" }).focus();
    };
    render(<OpenedByState onCloseAutoFocus={handled} />);
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await screen.findByRole("dialog");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
  });

  it("a dialog with a trigger still gives focus back to the trigger", async () => {
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Open settings</DialogTrigger>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Settings</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole("button", { name: "Open settings" }));
    await screen.findByRole("dialog", { name: "Settings" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("button", { name: "Open settings" })).toHaveFocus();
  });
});
