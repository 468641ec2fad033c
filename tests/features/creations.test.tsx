// My Creations (/creations) and deleting them from Settings: what the signed-in user sees, opens, filters and deletes.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getThumbs, listCreations } from "@/lib/creations";
import { prepareCreation } from "@/lib/creations/prepare";
import { putCreation } from "@/lib/creations/write";
import { renderApp } from "../utils";
import { openFromMenu } from "./account/helpers";
import { creationsTestSetup, image, openCreations, seed, USER } from "./creations-kit";

const { lastDownload } = creationsTestSetup();

const OTHER = "someone-else";

describe("My Creations (/creations)", () => {
  it("needs a login but no plan: with every conversion of the month used it still opens", async () => {
    const month = new Date();
    const key = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, "0")}`;
    localStorage.setItem("conversionUsage", JSON.stringify({ [USER.id]: { [key]: 3 } }));
    await seed(USER.id, image("hulk", "still mine"), 1000);
    await openCreations();
    expect(await screen.findByText("still mine")).toBeInTheDocument();
    expect(screen.queryByText("Usage Limit Reached")).not.toBeInTheDocument();
  });

  it("signed out: sends the visitor to the login page", async () => {
    localStorage.clear();
    const { router } = renderApp("/creations");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("with nothing kept: an empty state that points to every tool", async () => {
    await openCreations();
    expect(await screen.findByRole("heading", { name: "No creations yet" })).toBeInTheDocument();
    const tools = within(screen.getByRole("navigation", { name: "Tools" }));
    expect(tools.getByRole("link", { name: "Hulk" })).toHaveAttribute("href", "/hulk");
    expect(tools.getByRole("link", { name: "Visual Poetry" })).toHaveAttribute("href", "/visual-poetry");
    expect(screen.getByTestId("creations-storage")).toHaveTextContent("0 creations");
    expect(screen.queryByRole("button", { name: "Delete all" })).not.toBeInTheDocument();
  });

  it("shows only the signed-in user's creations, newest first, with tool and date; filters and searches", async () => {
    await seed(USER.id, image("hulk", "green giant"), Date.UTC(2026, 10, 20, 12));
    await seed(
      USER.id,
      { tool: "poetry", kind: "text", file: "Moonlit hat\nover the pond", instruction: "" },
      Date.UTC(2026, 10, 21, 12),
    );
    await seed(USER.id, image("frog", "a frog on a hat"), Date.UTC(2026, 10, 22, 12));
    await seed(OTHER, image("hulk", "not yours"), Date.UTC(2026, 10, 23, 12));
    const user = userEvent.setup();
    await openCreations();
    const grid = await screen.findByRole("list", { name: "Creations" });
    const cards = within(grid).getAllByRole("button");
    expect(cards.map((c) => c.getAttribute("aria-label")?.split(" creation")[0])).toEqual([
      "Open Frog",
      "Open Visual Poetry",
      "Open Hulk",
    ]);
    expect(screen.queryByText("not yours")).not.toBeInTheDocument();
    expect(screen.getByTestId("creations-storage")).toHaveTextContent("3 creations");
    expect(
      within(grid).getByText("Moonlit hat over the pond", { normalizer: (s) => s.replace(/\s+/g, " ") }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText("Search by tool or your words"), "hat");
    await waitFor(() => expect(within(grid).getAllByRole("button")).toHaveLength(2));
    expect(screen.getByText("2 creations match")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search by tool or your words"), " zebra");
    expect(await screen.findByText("No creations match your search.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Creations" })).getAllByRole("button")).toHaveLength(3),
    );

    await user.click(screen.getByRole("combobox", { name: "Tool" }));
    await user.click(await screen.findByRole("option", { name: "Hulk" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Creations" })).getAllByRole("button")).toHaveLength(1),
    );
    expect(screen.getByText("green giant")).toBeInTheDocument();
  });

  it("opens one large (the poem's text), downloads it with the tool's file name, deletes it with undo", async () => {
    await seed(
      USER.id,
      { tool: "poetry", kind: "text", file: "Roses are green\nand so is the frog", instruction: "" },
      1000,
    );
    const user = userEvent.setup();
    await openCreations();
    await user.click(await screen.findByRole("button", { name: /^Open Visual Poetry creation from/ }));
    const viewer = await screen.findByRole("dialog", { name: "Visual Poetry" });
    expect(await within(viewer).findByText(/Roses are green\s+and so is the frog/)).toBeInTheDocument();
    await user.click(within(viewer).getByRole("button", { name: "Download" }));
    expect(lastDownload()?.name).toBe("visual-poem.txt");

    await user.click(within(viewer).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Creation deleted.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No creations yet" })).toBeInTheDocument();
    expect((await listCreations(USER.id)).total).toBe(0);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Creation restored.")).toBeInTheDocument();
    expect(
      await screen.findByRole("button", { name: /^Open Visual Poetry creation from/ }),
    ).toBeInTheDocument();
    const [back] = (await listCreations(USER.id)).items;
    expect(back?.excerpt).toBe("Roses are green\nand so is the frog");
  });

  it("delete all asks first, then removes only this user's creations", async () => {
    await seed(USER.id, image("hulk", "mine"), 1000);
    await seed(OTHER, image("hulk", "theirs"), 2000);
    const user = userEvent.setup();
    await openCreations();
    await user.click(await screen.findByRole("button", { name: "Delete all" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete all your creations?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect((await listCreations(USER.id)).total).toBe(1);
    await user.click(screen.getByRole("button", { name: "Delete all" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Delete all your creations?" })).getByRole(
        "button",
        {
          name: "Delete all",
        },
      ),
    );
    expect(await screen.findByRole("heading", { name: "No creations yet" })).toBeInTheDocument();
    expect((await listCreations(USER.id)).total).toBe(0);
    expect((await listCreations(OTHER)).total).toBe(1);
  });

  it("a creation kept without thumbnails (page closed right after the result) gets them when shown", async () => {
    const quick = await prepareCreation(image("hulk", "quick one"), 1000, { thumbnails: false });
    await putCreation(USER.id, quick);
    expect((await getThumbs(USER.id, [quick.record.id])).get(quick.record.id)?.result).toBeUndefined();
    await openCreations();
    expect(await screen.findByText("quick one")).toBeInTheDocument();
    await waitFor(async () =>
      expect((await getThumbs(USER.id, [quick.record.id])).get(quick.record.id)?.result).toBeDefined(),
    );
  });

  it("pages a large collection: 48 at a time, then Show more", async () => {
    for (let i = 0; i < 50; i++) await seed(USER.id, image("gta", `city ${i}`, i), 1000 + i);
    const user = userEvent.setup();
    await openCreations();
    const grid = await screen.findByRole("list", { name: "Creations" });
    expect(within(grid).getAllByRole("button")).toHaveLength(48);
    await user.click(screen.getByRole("button", { name: "Show more (2 more)" }));
    await waitFor(() => expect(within(grid).getAllByRole("button")).toHaveLength(50));
    expect(screen.queryByRole("button", { name: /Show more/ })).not.toBeInTheDocument();
  });
});

describe("Settings", () => {
  it("Delete my creations on this device: asks first, deletes only this user's, counts untouched", async () => {
    await seed(USER.id, image("hulk", "mine"), 1000);
    await seed(OTHER, image("hulk", "theirs"), 2000);
    localStorage.setItem("conversionUsage", JSON.stringify({ [USER.id]: { "2026-11": 2 } }));
    const user = userEvent.setup();
    renderApp("/creations");
    await screen.findByRole("button", { name: "Account menu" });
    const settings = await openFromMenu({ user }, "Settings", "Settings");
    await user.click(within(settings).getByRole("button", { name: "Delete my creations on this device" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete all your creations?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete all" }));
    expect(await screen.findByText("Your creations on this device were deleted.")).toBeInTheDocument();
    expect((await listCreations(USER.id)).total).toBe(0);
    expect((await listCreations(OTHER)).total).toBe(1);
    expect(localStorage.getItem("conversionUsage")).toBe(JSON.stringify({ [USER.id]: { "2026-11": 2 } }));
  });
});

describe("captions", () => {
  it("show the tool and the person's own words, never the app's instruction or the browser's quota", async () => {
    const stylePrompt = "Add exactly ONE humorous, photorealistic cucumber to this image. Return one image.";
    // A style conversion (the app's words only), as kept now and as kept before (instruction = prompt).
    await seed(USER.id, { ...image("cucumber", ""), prompt: stylePrompt }, 1_000);
    await seed(USER.id, { ...image("hulk", stylePrompt, 2), prompt: stylePrompt }, 2_000);
    // A custom transformation: what they typed, and the instruction built from it.
    await seed(
      USER.id,
      { ...image("cucumber", "make it sepia", 3), prompt: `Transform: make it sepia` },
      3_000,
    );
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { estimate: async () => ({ usage: 2_000_000, quota: 10_000_000_000 }) },
    });
    await openCreations();
    const grid = await screen.findByRole("list", { name: "Creations" });
    expect(
      within(grid)
        .getAllByTestId("creation-words")
        .map((q) => q.textContent),
    ).toEqual(["make it sepia"]);
    expect(within(grid).queryByText(/Add exactly ONE/)).not.toBeInTheDocument();
    expect(within(grid).getByText("Hulk")).toBeInTheDocument();
    expect(screen.getByTestId("creations-storage")).toHaveTextContent(/^3 creations · .+ on this device$/);
    expect(screen.queryByText(/browser allows/)).not.toBeInTheDocument();
    expect(screen.queryByText(/running out of space/)).not.toBeInTheDocument();
    Reflect.deleteProperty(navigator, "storage");
  });
});

describe("search", () => {
  it("finds a creation by its tool's name and the person's own words, never by the app's instruction", async () => {
    const stylePrompt = "Add exactly ONE humorous, photorealistic cucumber to this image. Return one image.";
    const hulkPrompt =
      "Transform every person in this photo into the Hulk, photorealistic. Return one image.";
    // A Hulk conversion as kept before (its instruction is the app's prompt), a cucumber one as kept now,
    // and a custom transformation in the person's own words.
    await seed(USER.id, { ...image("hulk", hulkPrompt, 1), prompt: hulkPrompt }, 1_000);
    await seed(USER.id, { ...image("cucumber", "", 2), prompt: stylePrompt }, 2_000);
    await seed(
      USER.id,
      { ...image("cucumber", "make it sepia", 3), prompt: "Transform: make it sepia" },
      3_000,
    );
    const user = userEvent.setup();
    await openCreations();
    await screen.findByRole("list", { name: "Creations" });
    const search = screen.getByLabelText("Search by tool or your words");
    const shown = () =>
      within(screen.getByRole("list", { name: "Creations" }))
        .getAllByRole("button")
        .map((c) => c.getAttribute("aria-label")?.split(" creation")[0]);

    for (const internal of ["photorealistic", "Return one image", "humorous"]) {
      await user.clear(search);
      await user.type(search, internal);
      expect(await screen.findByText("No creations match your search.")).toBeInTheDocument();
    }
    await user.clear(search);
    await user.type(search, "Hulk");
    await waitFor(() => expect(shown()).toEqual(["Open Hulk"]));
    await user.clear(search);
    await user.type(search, "sepia");
    await waitFor(() => expect(shown()).toEqual(["Open Cucumber"]));
    expect(screen.getByTestId("creation-words")).toHaveTextContent("make it sepia");
    await user.clear(search);
    await user.type(search, "cucumber");
    await waitFor(() => expect(shown()).toEqual(["Open Cucumber", "Open Cucumber"]));
  });
});

describe("running out of space", () => {
  it("My Creations says so and offers to delete the oldest", async () => {
    for (let i = 0; i < 12; i++) await seed(USER.id, image("hulk", `n${i}`, i), 1000 + i);
    // jsdom has no navigator.storage: a browser that is nearly full.
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { estimate: async () => ({ usage: 95, quota: 100 }) },
    });
    const user = userEvent.setup();
    await openCreations();
    expect(
      await screen.findByText("This browser is running out of space for your creations."),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^95 bytes of 100 bytes used\. New results may not be kept\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete the 10 oldest" }));
    expect(await screen.findByText("10 oldest creations deleted.")).toBeInTheDocument();
    expect((await listCreations(USER.id)).items.map((r) => r.instruction)).toEqual(["n11", "n10"]);
    Reflect.deleteProperty(navigator, "storage");
  });
});
