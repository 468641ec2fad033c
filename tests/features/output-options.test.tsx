/**
 * Shape and size (issue 28 §2): the pickers on a style tool's first screen, their names, the plan each
 * size needs, the gate said where one chooses (and the run refused at that size), the choice sent and
 * remembered per tool, and a remembered size above the plan read as 1K.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { OUTPUT_PREFIX } from "@/lib/tool-output";
import { getUsedConversions } from "@/lib/usage";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fakeImageModel } from "./fake-image-model";
import { frog, hulk, openPage, signedIn, upload } from "./conversion-kit";
import { TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

const env = toolPageEnvironment();
// Several results share Batch's queue (p-queue): as in a browser, it is not told about Node's events.
hideNodeEventsFromPQueue();

const shape = () => screen.getByRole("combobox", { name: "Shape" });
const size = () => screen.getByRole("combobox", { name: "Size" });

async function choose(box: HTMLElement, option: string | RegExp) {
  const user = userEvent.setup();
  await user.click(box);
  await user.click(await screen.findByRole("option", { name: option }));
}

describe("Shape and Size on an image tool", () => {
  it("start at 'Same as photo' and 1K, with every Gemini shape by name and each size's plan", async () => {
    signedIn("$30/month");
    await openPage(hulk);
    expect(screen.getByRole("group", { name: "Image shape and size" })).toBeInTheDocument();
    expect(shape()).toHaveTextContent("Same as photo");
    expect(size()).toHaveTextContent("1K");

    await userEvent.setup().click(shape());
    const shapes = await screen.findAllByRole("option");
    expect(shapes.map((o) => o.textContent)).toEqual([
      "Same as photo",
      "Square 1:1",
      "Portrait 4:5",
      "Portrait 3:4",
      "Portrait 2:3",
      "Story 9:16",
      "Landscape 5:4",
      "Landscape 4:3",
      "Landscape 3:2",
      "Landscape 16:9",
      "Wide 21:9",
    ]);
    await userEvent.setup().keyboard("{Escape}");

    await userEvent.setup().click(size());
    const sizes = await screen.findAllByRole("option");
    // Premium has every size: no gate is said.
    expect(sizes.map((o) => o.textContent)).toEqual(["1K", "2K · Standard", "4K · Premium"]);
  });

  it("a Freemium user sees what 2K and 4K need; choosing 4K says the gate with Upgrade, and the run is refused", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    await userEvent.setup().click(size());
    // The list's options say the gate once the plan is known.
    await waitFor(() =>
      expect(screen.getByRole("option", { name: /^4K · Premium/ })).toHaveTextContent(
        "4K images require a $30/month subscription",
      ),
    );
    expect(screen.getByRole("option", { name: /^2K · Standard/ })).toHaveTextContent(
      "2K images require a $10/month subscription",
    );
    await userEvent.setup().click(screen.getByRole("option", { name: /^4K · Premium/ }));

    const gate = await screen.findByText(/4K images require a \$30\/month subscription\./);
    expect(within(gate).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
    expect(size()).toHaveAccessibleDescription(/4K images require a \$30\/month subscription/);

    await upload();
    expect(await screen.findByText("4K images require a $30/month subscription")).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);

    // The refusal's way on: the same photo at 1K, without choosing or uploading again.
    await userEvent.setup().click(screen.getByRole("button", { name: "Make it at 1K" }));
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(JSON.stringify(gemini.imageCalls()[0])).not.toContain('"imageSize":"4K"');
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(size()).toHaveTextContent("1K");
    expect(JSON.parse(localStorage.getItem(`${OUTPUT_PREFIX}hulk`)!)).toMatchObject({ size: "1K" });
  });

  it("several results at a size above the plan: the gate's Make it at 1K makes them all at 1K", async () => {
    signedIn("$10/month");
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    await choose(size(), /^4K · Premium/);
    await userEvent.setup().click(screen.getByRole("radio", { name: "2" }));
    await upload();
    expect(await screen.findByText("4K images require a $30/month subscription")).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole("button", { name: "Make it at 1K" }));
    expect(await screen.findByText(/^2 of 2 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(size()).toHaveTextContent("1K");
  });

  it("sends the shape and size chosen, names the download with the size, and remembers them for that tool only", async () => {
    signedIn("$30/month");
    const gemini = fakeImageModel(["image-success.json"]);
    const view = await openPage(hulk);
    await choose(shape(), "Landscape 16:9");
    await choose(size(), "4K · Premium");
    expect(screen.queryByRole("link", { name: "Upgrade" })).not.toBeInTheDocument();

    await upload();
    await screen.findByText(hulk.toasts.success);
    expect(gemini.imageCalls().map((c) => c.body.generationConfig?.imageConfig)).toEqual([
      { aspectRatio: "16:9", imageSize: "4K" },
    ]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Download" }));
    expect(env.downloads().at(-1)?.name).toBe(hulk.downloadName.replace(/\.png$/, "-4k.png"));
    expect(JSON.parse(localStorage.getItem(`${OUTPUT_PREFIX}hulk`) ?? "null")).toEqual({
      shape: "16:9",
      size: "4K",
    });

    view.unmount();
    await openPage(frog);
    expect(shape()).toHaveTextContent("Same as photo");
    expect(size()).toHaveTextContent("1K");
  });

  it("a remembered size above the plan now comes back as 1K, the shape as it was", async () => {
    localStorage.setItem(`${OUTPUT_PREFIX}hulk`, JSON.stringify({ shape: "4:5", size: "4K" }));
    signedIn("$10/month");
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    expect(shape()).toHaveTextContent("Portrait 4:5");
    await waitFor(() => expect(size()).toHaveTextContent("1K"));
    expect(screen.queryByRole("link", { name: "Upgrade" })).not.toBeInTheDocument();

    await upload();
    await screen.findByText(hulk.toasts.success);
    expect(gemini.imageCalls().map((c) => c.body.generationConfig?.imageConfig)).toEqual([
      { aspectRatio: "4:5" },
    ]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Download" }));
    expect(env.downloads().at(-1)?.name).toBe(hulk.downloadName);
  });
});
