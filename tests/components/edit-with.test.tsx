/**
 * "Edit with…": the button (its code fetched with the result) opens a menu of the tools that take a
 * photo with their icons, picking one hands the result over and opens that tool with it; a result that
 * cannot be read says so and stays on the page.
 */
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { EditWith } from "@/components/edit-with";
import { getTool, photoTools } from "@/tools/registry";
import { type EditWithSource, HAND_OVER_FAILED, readIncoming } from "@/lib/creations";
import { blobBytes } from "@/lib/read-blob";

const RESULT = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 4, 2])], { type: "image/png" });

function Where() {
  const location = useLocation();
  return <output aria-label="Location">{location.pathname}</output>;
}

function renderResult(source: EditWithSource, props: { disabled?: boolean } = {}) {
  const router = createMemoryRouter(
    [
      { path: "/hulk", element: <EditWith source={source} {...props} /> },
      { path: "*", element: <Where /> },
    ],
    { initialEntries: ["/hulk"] },
  );
  render(
    <>
      <Toaster />
      <RouterProvider router={router} />
    </>,
  );
  return router;
}

describe("Edit with…", () => {
  it("lists every tool that takes a photo, each with its icon, in sidebar order", async () => {
    const user = userEvent.setup();
    renderResult({ image: RESULT, tool: "hulk" });
    const button = await screen.findByRole("button", { name: "Edit with…" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    await user.click(button);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Open this result in")).toBeInTheDocument();
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(photoTools().map((tool) => tool.label));
    expect(items.map((item) => item.textContent)).toEqual(
      expect.arrayContaining([
        "Cucumber",
        "Frog",
        "Create Art",
        "Modify Scene",
        "Visual Poetry",
        "Celebrations",
      ]),
    );
    expect(items.map((item) => item.textContent)).not.toContain("Batch Processing");
    expect(items.map((item) => item.textContent)).not.toContain("Animator");
    for (const item of items) expect(item.querySelector("svg")).not.toBeNull();
  });

  it("picking Frog opens the frog page with the result as its photo, its chain begun", async () => {
    const user = userEvent.setup();
    const router = renderResult({ image: RESULT, tool: "hulk" });
    await user.click(await screen.findByRole("button", { name: "Edit with…" }));
    await user.click(await screen.findByRole("menuitem", { name: "Frog" }));
    expect(await screen.findByRole("status", { name: "Location" })).toHaveTextContent(getTool("frog").path);
    const { incoming } = router.state.location.state as { incoming: string };
    const handed = await readIncoming(incoming);
    expect(handed?.from).toEqual([{ tool: "hulk" }]);
    expect([...new Uint8Array(await blobBytes(handed!.files[0]!))]).toEqual([0x89, 0x50, 0x4e, 0x47, 4, 2]);
  });

  it("opens from the keyboard with the first tool focused", async () => {
    const user = userEvent.setup();
    renderResult({ image: RESULT, tool: "hulk" });
    (await screen.findByRole("button", { name: "Edit with…" })).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByRole("menuitem", { name: photoTools()[0]!.label })).toHaveFocus());
  });

  it("a result that cannot be read says so and stays on the page, the button ready again", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = renderResult({ image: () => Promise.reject(new Error("gone")), tool: "hulk" });
    await user.click(await screen.findByRole("button", { name: "Edit with…" }));
    await user.click(await screen.findByRole("menuitem", { name: "Frog" }));
    expect(await screen.findByText(HAND_OVER_FAILED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/hulk");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Edit with…" })).toBeEnabled();
  });

  it("is not offered while the tool is busy", async () => {
    const user = userEvent.setup();
    renderResult({ image: RESULT, tool: "hulk" }, { disabled: true });
    const button = await screen.findByRole("button", { name: "Edit with…" });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
  });
});
