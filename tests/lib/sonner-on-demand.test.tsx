import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast, Toaster } from "@/lib/sonner-on-demand";

// The module the built app uses in place of "sonner" (vite.config.ts); the rest of the unit tests use
// sonner itself. One module state for the whole file: the order of these tests matters.
describe("sonner on demand", () => {
  it("shows a toast asked for before the library was loaded, once its outlet is in", async () => {
    render(<Toaster />);
    const id = toast.success("Saved before the library arrived");
    expect(id).toBeTruthy();
    expect(await screen.findByText("Saved before the library arrived")).toBeInTheDocument();
  });

  it("then behaves as sonner: ids, dismiss, every kind", async () => {
    render(<Toaster />);
    const id = toast.error("Something failed");
    expect(await screen.findByText("Something failed")).toBeInTheDocument();
    toast.dismiss(id);
    await waitFor(() => expect(screen.queryByText("Something failed")).not.toBeInTheDocument());
    toast.info("For your information");
    toast("Plain message");
    expect(await screen.findByText("For your information")).toBeInTheDocument();
    expect(await screen.findByText("Plain message")).toBeInTheDocument();
  });
});
