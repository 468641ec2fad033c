/**
 * The chain in My Creations: a creation made from other results shows "Hulk → Frog" on its card and,
 * in the viewer, each earlier step as a button that opens it (a deleted one as plain text); Edit with…
 * from the viewer hands the creation on with its whole chain.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getTool } from "@/tools/registry";
import { deleteCreation, type NewCreation } from "@/lib/creations";
import { prepareCreation } from "@/lib/creations/prepare";
import { putCreation } from "@/lib/creations/write";
import { creationsTestSetup, image, openCreations, USER } from "./creations-kit";
import { fakeImageModel } from "./fake-image-model";
import { fixtureFile } from "./tool-kit";
import { keptOf } from "./incoming-kit";

creationsTestSetup();

async function keep(creation: NewCreation, at: number) {
  return putCreation(USER.id, await prepareCreation(creation, at));
}

/** Hulk, then Frog made from it, then Create Art made from that. */
async function seedChain() {
  const hulk = await keep(image("hulk", "hulk them", 1), 1_000);
  const frog = await keep({ ...image("frog", "frog them", 2), from: [{ tool: "hulk", id: hulk.id }] }, 2_000);
  const art = await keep(
    {
      ...image("art", "", 3),
      from: [
        { tool: "hulk", id: hulk.id },
        { tool: "frog", id: frog.id },
      ],
    },
    3_000,
  );
  return { hulk, frog, art };
}

const card = (tool: string) =>
  screen.findByRole("button", { name: new RegExp(`^Open ${tool} creation from`) });
/** The whole card (its text sits beside the button that opens it). */
const cardItem = async (tool: string) => (await card(tool)).closest("li")!;
const viewer = (title: string) => screen.findByRole("dialog", { name: title });

describe("the chain of a creation", () => {
  it("each card says the chain it was made along; a creation of the user's own photo says none", async () => {
    await seedChain();
    await openCreations();
    await waitFor(() => expect(screen.getAllByTestId("creation-chain")).toHaveLength(2));
    expect(await cardItem("Frog")).toHaveTextContent("Hulk → Frog");
    expect(await card("Frog")).toHaveAccessibleName(/, made with Hulk → Frog$/);
    expect(await cardItem("Create Art")).toHaveTextContent("Hulk → Frog → Create Art");
    expect(within(await cardItem("Hulk")).queryByTestId("creation-chain")).not.toBeInTheDocument();
  });

  it("the viewer shows the steps, and an earlier one opens in its place", async () => {
    await seedChain();
    await openCreations();
    const user = userEvent.setup();
    await user.click(await card("Create Art"));
    const art = await viewer(getTool("art").title);
    const steps = within(art).getByRole("navigation", { name: "Made with" });
    expect(steps).toHaveTextContent("Made with Hulk → Frog → Create Art");
    expect(within(steps).getByText("Create Art").closest("li")).toHaveAttribute("aria-current", "step");

    await user.click(await within(steps).findByRole("button", { name: "Open the Hulk step" }));
    const hulk = await viewer(getTool("hulk").title);
    expect(within(hulk).getByText("hulk them")).toBeInTheDocument();
    // The first step was made from the user's own photo: no chain to show.
    expect(within(hulk).queryByRole("navigation", { name: "Made with" })).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: getTool("art").title })).not.toBeInTheDocument();
  });

  it("a step whose creation was deleted is plain text, marked deleted", async () => {
    const { hulk } = await seedChain();
    await deleteCreation(USER.id, hulk.id);
    await openCreations();
    const user = userEvent.setup();
    await user.click(await card("Create Art"));
    const steps = within(await viewer(getTool("art").title)).getByRole("navigation", { name: "Made with" });
    expect(await within(steps).findByText("(deleted)")).toBeInTheDocument();
    expect(steps).toHaveTextContent("Hulk (deleted) → Frog → Create Art");
    expect(within(steps).queryByRole("button", { name: "Open the Hulk step" })).not.toBeInTheDocument();
    expect(within(steps).getByRole("button", { name: "Open the Frog step" })).toBeInTheDocument();
  });

  it("Edit with… from the viewer opens the tool with the creation, and its result is kept with the whole chain", async () => {
    const hulk = await keep(image("hulk", "hulk them", 1), 1_000);
    const frog = await keep(
      {
        ...image("frog", "frog them"),
        file: fixtureFile("portrait-astronaut.png"),
        from: [{ tool: "hulk", id: hulk.id }],
      },
      2_000,
    );
    const gemini = fakeImageModel(["image-success.json"]);
    await openCreations();
    const user = userEvent.setup();
    await user.click(await card("Frog"));
    const dialog = await viewer(getTool("frog").title);
    await user.click(await within(dialog).findByRole("button", { name: "Edit with…" }));
    await user.click(await screen.findByRole("menuitem", { name: "Create Art" }));

    expect(await screen.findByRole("heading", { level: 1, name: getTool("art").title })).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Enhanced" })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect((await keptOf("art"))[0]!.from).toEqual([
      { tool: "hulk", id: hulk.id },
      { tool: "frog", id: frog.id },
    ]);
    // …and is one more version of the frog's photo.
    expect((await keptOf("art"))[0]!.photo).toBe(frog.photo);
  });

  it("a poem has no Edit with… (it is text)", async () => {
    await keep({ tool: "poetry", kind: "text", file: "Roses are green", instruction: "" }, 1_000);
    await openCreations();
    await userEvent.setup().click(await card("Visual Poetry"));
    const dialog = await viewer(getTool("poetry").title);
    expect(await within(dialog).findByText("Roses are green")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Edit with…" })).not.toBeInTheDocument();
  });
});
