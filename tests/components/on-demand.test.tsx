import { useState } from "react";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { onDemand, PART_FAILED_MESSAGE } from "@/components/on-demand";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

function Part({ open, onOpenChange }: Props) {
  const [count, setCount] = useState(0);
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Part">
      <button onClick={() => setCount((n) => n + 1)}>Pressed {count}</button>
      <button onClick={() => onOpenChange(false)}>Close</button>
    </div>
  );
}

function Host({ Dialog, preload = true }: { Dialog: ReturnType<typeof onDemand<Props>>; preload?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)} onPointerEnter={preload ? Dialog.preload : undefined}>
        Open
      </button>
      <Dialog open={open} onOpenChange={setOpen} />
      <Toaster />
    </>
  );
}

describe("onDemand", () => {
  it("fetches nothing until asked, opens on the first opening and keeps its state after closing", async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Dialog = onDemand(load);
    const user = userEvent.setup();
    render(<Host Dialog={Dialog} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Open" }));
    const dialog = await screen.findByRole("dialog", { name: "Part" });
    await user.click(screen.getByRole("button", { name: "Pressed 0" }));
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(dialog).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("button", { name: "Pressed 1" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("hover starts the fetch before the click", async () => {
    const load = vi.fn(() => Promise.resolve(Part));
    const Dialog = onDemand(load);
    const user = userEvent.setup();
    render(<Host Dialog={Dialog} />);
    await user.hover(screen.getByRole("button", { name: "Open" }));
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("dialog", { name: "Part" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a chunk that cannot be fetched says so, closes, and is fetched again on the next opening", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Part>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(Part);
    const Dialog = onDemand(load);
    const user = userEvent.setup();
    render(<Host Dialog={Dialog} preload={false} />);

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText(PART_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByRole("dialog", { name: "Part" })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
