/**
 * Versions of a photo on a tool page: every result made from the photo on screen is one group, the
 * version chosen on the tool is what a reload shows again, and a result made from the photo shown
 * again is one more version of it.
 */
import type { ReactNode } from "react";
import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getTool } from "@/tools/registry";
import { getVariant } from "@/config/variants";
import { AppProviders } from "@/app/providers";
import {
  getChosenVersion,
  getCreation,
  keepCreation,
  readText,
  setChosenVersion,
  useToolVersions,
} from "@/lib/creations";
import { blobDataUrl } from "@/lib/read-blob";
import { server } from "../msw/server";
import { subscriptionHandler } from "../msw/supabase";
import { renderApp, shownPicture, testQueryClient } from "../utils";
import { creationsTestSetup, frogResult, image, openCreations, seed, USER } from "./creations-kit";
import { fakeImageModel } from "./fake-image-model";
import { keptOf } from "./incoming-kit";
import { keepObjectUrlBlobs } from "./object-url-blobs";
import { fixtureFile } from "./tool-kit";

creationsTestSetup();

const FROG = getVariant("frog");

describe("versions on a tool page", () => {
  it("results made from the photo on screen are one group; a new photo starts another", async () => {
    server.use(subscriptionHandler("$10/month"));
    fakeImageModel(["image-success.json"]);
    const user = userEvent.setup();
    renderApp(FROG.path);
    await screen.findByRole("heading", { level: 1, name: FROG.title });
    await user.upload(await screen.findByTestId("file-input"), fixtureFile("portrait-astronaut.png"));
    await screen.findByRole("img", { name: "Modified" });
    await keptOf("frog", 1);
    await user.click(screen.getByRole("button", { name: "Try Another Version" }));
    const [second, first] = await keptOf("frog", 2);
    expect(second!.photo).toBe(first!.photo);
    expect(getChosenVersion(USER.id, "frog")).toEqual({ photo: second!.photo, id: second!.id });

    await user.click(screen.getByRole("button", { name: "Try Another Image" }));
    await user.upload(await screen.findByTestId("file-input"), fixtureFile("cat-chelsea.png"));
    const [third] = await keptOf("frog", 3);
    expect(third!.photo).not.toBe(first!.photo);
  });

  it("a reload shows the version chosen, and Try Another Version from it is one more version of its photo", async () => {
    server.use(subscriptionHandler("$10/month"));
    const gemini = fakeImageModel(["image-success.json"]);
    const photo = fixtureFile("portrait-astronaut.png");
    const older = await keepCreation(USER.id, frogResult(1, photo));
    const newer = await keepCreation(USER.id, frogResult(2, photo));
    expect(newer!.photo).toBe(older!.photo);
    // The user had gone back to the first version.
    setChosenVersion(USER.id, "frog", { photo: older!.photo, id: older!.id });

    renderApp(FROG.path);
    expect(await screen.findByText("Your last result, kept on this device.")).toBeInTheDocument();
    const shown = await screen.findByRole("img", { name: "Modified" });
    const olderFile = frogResult(1, photo).file as Blob;
    expect(await shownPicture(shown)).toBe(await blobDataUrl(olderFile));

    await userEvent.setup().click(screen.getByRole("button", { name: "Try Another Version" }));
    const [made] = await keptOf("frog", 3);
    expect(made!.photo).toBe(older!.photo);
    expect(gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text).toContain("Make it a frog 1");
  });

  it("a chosen version deleted since: the tool's newest comes back instead", async () => {
    const photo = fixtureFile("portrait-astronaut.png");
    const newer = await keepCreation(USER.id, frogResult(3, photo));
    setChosenVersion(USER.id, "frog", { photo: newer!.photo, id: "deleted-since" });
    renderApp(FROG.path);
    const shown = await screen.findByRole("img", { name: "Modified" });
    await waitFor(async () =>
      expect(await shownPicture(shown)).toBe(await blobDataUrl(frogResult(3, photo).file as Blob)),
    );
  });
});

describe("useToolVersions", () => {
  it("gives the chosen version's photo, its versions oldest first with the photo, and chooses another", async () => {
    const photo = fixtureFile("portrait-astronaut.png");
    const a = await keepCreation(USER.id, frogResult(1, photo));
    const b = await keepCreation(USER.id, frogResult(2, photo));
    const other = await keepCreation(USER.id, frogResult(3, fixtureFile("cat-chelsea.png")));
    setChosenVersion(USER.id, "frog", { photo: a!.photo, id: a!.id });
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={client}>{children}</AppProviders>
    );
    const { result } = renderHook(() => useToolVersions("frog"), { wrapper });
    await waitFor(() => expect(result.current.current?.id).toBe(a!.id));
    expect(result.current.photo).toBe(a!.photo);
    expect(result.current.group?.versions.map((r) => r.id)).toEqual([a!.id, b!.id]);
    expect(result.current.group?.original).toBeInstanceOf(Blob);

    act(() => result.current.choose(b!.id));
    await waitFor(() => expect(result.current.current?.id).toBe(b!.id));
    expect(getChosenVersion(USER.id, "frog")).toEqual({ photo: a!.photo, id: b!.id });

    // Nothing chosen: the tool's newest creation's photo, and its newest version.
    act(() => setChosenVersion(USER.id, "frog", null));
    await waitFor(() => expect(result.current.current?.id).toBe(other!.id));
  });
});

describe("My Creations, a card per photo", () => {
  const blobOf = keepObjectUrlBlobs();

  /** A Hulk result, a Frog made from it and a Create Art made from that: three versions of photo p1. */
  async function seedVersions() {
    const hulk = await seed(USER.id, { ...image("hulk", "green giant", 1), photo: "p1" }, 1000);
    const frog = await seed(
      USER.id,
      { ...image("frog", "a frog on a hat", 2), photo: "p1", from: [{ tool: "hulk", id: hulk.id }] },
      3000,
    );
    const art = await seed(
      USER.id,
      {
        ...image("art", "", 3),
        photo: "p1",
        from: [
          { tool: "hulk", id: hulk.id },
          { tool: "frog", id: frog.id },
        ],
      },
      4000,
    );
    const gta = await seed(USER.id, image("gta", "city lights", 4), 2000);
    return { hulk, frog, art, gta };
  }

  /** The cards' names without their dates ("Open Frog creation, made with Hulk → Frog, 3 versions"). */
  const cards = async () =>
    // Hidden too: the viewer open over the grid hides it from the accessibility tree.
    within(await screen.findByRole("list", { name: "Creations", hidden: true }))
      .getAllByRole("button", { hidden: true })
      .map((card) => {
        const name = card.getAttribute("aria-label")!;
        const rest = name.includes(", made with")
          ? name.indexOf(", made with")
          : name.search(/, \d+ versions$/);
        return `${name.split(" from ")[0]}${rest >= 0 ? name.slice(rest) : ""}`;
      });

  it("a photo's versions are one card: the newest one's picture and chain, and how many", async () => {
    const { art } = await seedVersions();
    await openCreations();
    await waitFor(async () =>
      expect(await cards()).toEqual([
        "Open Create Art creation, made with Hulk → Frog → Create Art, 3 versions",
        "Open GTA creation",
      ]),
    );
    const card = screen.getByRole("button", { name: /^Open Create Art creation/ }).closest("li")!;
    expect(within(card).getByTestId("creation-versions")).toHaveTextContent("3 versions");
    expect(card).toHaveTextContent("Hulk → Frog → Create Art");
    const gtaCard = screen.getByRole("button", { name: /^Open GTA creation/ }).closest("li")!;
    expect(within(gtaCard).queryByTestId("creation-versions")).not.toBeInTheDocument();
    // The card's picture is the newest version's ("thumbnails" are the results themselves here).
    const picture = await waitFor(() => {
      const img = card.querySelector("img");
      expect(img).not.toBeNull();
      return img!;
    });
    expect(await readText(blobOf(picture.getAttribute("src")!)!)).toBe(
      await readText((await getCreation(USER.id, art.id))!.files.file),
    );
    // Still every creation counted.
    expect(screen.getByTestId("creations-storage")).toHaveTextContent("4 creations");
  });

  it("search and the tool find a photo by any of its versions, shown by the newest that matches", async () => {
    await seedVersions();
    const user = userEvent.setup();
    await openCreations();
    await screen.findByRole("list", { name: "Creations" });
    await user.type(screen.getByLabelText("Search by tool or your words"), "green");
    await waitFor(async () => expect(await cards()).toEqual(["Open Hulk creation, 3 versions"]));
    expect(screen.getByText("1 creation matches")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Search by tool or your words"));
    await user.click(screen.getByRole("combobox", { name: "Tool" }));
    await user.click(await screen.findByRole("option", { name: "Frog" }));
    await waitFor(async () =>
      expect(await cards()).toEqual(["Open Frog creation, made with Hulk → Frog, 3 versions"]),
    );
  });

  it("the viewer opens on the newest version and steps through the others; Delete removes the one shown", async () => {
    const { hulk } = await seedVersions();
    const user = userEvent.setup();
    await openCreations();
    await user.click(await screen.findByRole("button", { name: /^Open Create Art creation/ }));
    let viewer = await screen.findByRole("dialog", { name: getTool("art").title });
    const versions = () => within(screen.getByRole("dialog")).getByRole("navigation", { name: "Versions" });
    expect(await within(viewer).findByRole("navigation", { name: "Versions" })).toHaveTextContent(
      "Version 3 of 3",
    );
    expect(within(versions()).getByRole("button", { name: "Next version" })).toBeDisabled();

    await user.click(within(versions()).getByRole("button", { name: "Previous version" }));
    viewer = await screen.findByRole("dialog", { name: getTool("frog").title });
    expect(versions()).toHaveTextContent("Version 2 of 3");
    expect(within(viewer).getByText("a frog on a hat")).toBeInTheDocument();
    await user.click(within(versions()).getByRole("button", { name: "Previous version" }));
    viewer = await screen.findByRole("dialog", { name: getTool("hulk").title });
    expect(versions()).toHaveTextContent("Version 1 of 3");
    expect(within(versions()).getByRole("button", { name: "Previous version" })).toBeDisabled();

    // Deleting the first version: it goes (undo puts it back), the viewer shows the next one.
    await user.click(within(viewer).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Creation deleted.")).toBeInTheDocument();
    viewer = await screen.findByRole("dialog", { name: getTool("frog").title });
    await waitFor(() => expect(versions()).toHaveTextContent("Version 1 of 2"));
    expect(await getCreation(USER.id, hulk.id)).toBeNull();
    await waitFor(async () =>
      expect(await cards()).toContain(
        "Open Create Art creation, made with Hulk → Frog → Create Art, 2 versions",
      ),
    );
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Creation restored.")).toBeInTheDocument();
    await waitFor(async () =>
      expect(await cards()).toContain(
        "Open Create Art creation, made with Hulk → Frog → Create Art, 3 versions",
      ),
    );
  });

  it("a photo of one version has no steps, and deleting it closes the viewer", async () => {
    await seedVersions();
    const user = userEvent.setup();
    await openCreations();
    await user.click(await screen.findByRole("button", { name: /^Open GTA creation/ }));
    const viewer = await screen.findByRole("dialog", { name: getTool("gta").title });
    expect(await within(viewer).findByText("city lights")).toBeInTheDocument();
    expect(within(viewer).queryByRole("navigation", { name: "Versions" })).not.toBeInTheDocument();
    await user.click(within(viewer).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(async () => expect(await cards()).toHaveLength(1));
  });
});
