/**
 * Several results of one run (issue 28 §1) on a style tool: "Results: 1 2 3 4", the calls through the
 * shared queue (at most three at once), each result counted as it arrives, the grid (progress, choose,
 * arrow keys, Try again alone, Cancel), Download all, fewer left than asked, and the gate.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { saveToolOutput } from "@/lib/tool-output";
import { getUsedConversions } from "@/lib/usage";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fakeImageModel } from "./fake-image-model";
import { hulk, openPage, signedIn, upload } from "./conversion-kit";
import { TEST_USER as USER, toastsShown, toolPageEnvironment } from "./tool-kit";

const env = toolPageEnvironment();
// The results share Batch's queue (p-queue): as in a browser, it is not told about Node's events.
hideNodeEventsFromPQueue();

const grid = () => within(screen.getByRole("region", { name: "Results" }));
const cell = (n: number, total = 4) =>
  grid().getByRole("button", { name: new RegExp(`^Result ${n} of ${total},`) });

async function askFor(count: number) {
  await userEvent.setup().click(screen.getByRole("radio", { name: String(count) }));
  expect(screen.getByRole("radio", { name: String(count) })).toBeChecked();
}

describe("several results per run", () => {
  it("$10/month: four results, at most three at once, each counted, one shown, chosen, zipped", async () => {
    signedIn("$10/month");
    const gemini = fakeImageModel(["image-success.json"], { latencyMs: 40 });
    await openPage(hulk);
    await askFor(4);
    await upload();
    expect(await screen.findByText(/^4 of 4 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    // No overlay: the grid shows the progress.
    expect(screen.queryByRole("dialog", { name: hulk.overlay.title })).not.toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(4);
    expect(gemini.peak()).toBeLessThanOrEqual(3);
    expect(getUsedConversions(USER.id)).toBe(4);
    // The first to arrive is the result shown, in the compare view.
    expect(screen.getByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(grid().getAllByRole("button", { name: /Shown$/ })).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(cell(3));
    expect(cell(3)).toHaveAttribute("aria-current", "true");
    expect(cell(3)).toHaveAccessibleName("Result 3 of 4, Shown");
    // One tab stop; the arrow keys move between the results.
    expect(cell(3)).toHaveAttribute("tabindex", "0");
    await user.keyboard("{ArrowRight}");
    expect(cell(4)).toHaveFocus();
    await user.keyboard("{Home}");
    expect(cell(1)).toHaveFocus();

    await user.click(grid().getByRole("button", { name: "Download all" }));
    await waitFor(() => expect(env.downloads().map((d) => d.name)).toContain("hulk-edition-results.zip"));
    // Each result was announced once as it came.
    expect(screen.getByText("Result 4 of 4 is ready.")).toBeInTheDocument();
  });

  it("made at 2K: the ZIP and each file in it say the size", async () => {
    signedIn("$10/month");
    saveToolOutput("hulk", { shape: "same", size: "2K" });
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    await askFor(2);
    await upload();
    expect(await screen.findByText(/^2 of 2 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(2);
    await userEvent.setup().click(await grid().findByRole("button", { name: "Download all" }));
    await waitFor(() => expect(env.downloads().map((d) => d.name)).toContain("hulk-edition-2k-results.zip"));
  });

  it("one that fails says why, and its Try again sends it alone", async () => {
    signedIn("$30/month");
    const gemini = fakeImageModel([
      "image-success.json",
      "prompt-blocked.json",
      "image-success.json",
      "image-success.json",
      "image-success.json",
    ]);
    await openPage(hulk);
    await askFor(4);
    await upload();
    expect(await screen.findByText(/^3 of 4 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(grid().queryByRole("button", { name: "Cancel" })).not.toBeInTheDocument());
    const failed = grid().getByRole("button", { name: /Failed$/ });
    expect(failed.closest("li")).toHaveTextContent(/Failed to process image/);
    expect(getUsedConversions(USER.id)).toBe(3);
    const retry = within(failed.closest("li")!).getByRole("button", { name: /^Try again/ });
    await userEvent.setup().click(retry);
    expect(await screen.findByText(/^4 of 4 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(5);
    expect(getUsedConversions(USER.id)).toBe(4);
  });

  it("Cancel stops the results not finished, which count nothing", async () => {
    signedIn("$10/month");
    fakeImageModel(["image-success.json", "hang"]);
    await openPage(hulk);
    await askFor(3);
    await upload();
    expect(await screen.findByText(/^1 of 3 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.setup().click(grid().getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(grid().getAllByRole("button", { name: /not counted$/ })).toHaveLength(2));
    expect(getUsedConversions(USER.id)).toBe(1);
    await waitFor(() =>
      expect(toastsShown()).toContain(
        "Cancelled. 1 result came back and was counted; nothing else was counted.",
      ),
    );
  });

  it("fewer left than asked: Batch's words, nothing sent, and 'Run 3' makes three", async () => {
    signedIn("$10/month", 37);
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    await askFor(4);
    await upload();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "You don't have enough conversions left (3) to make 4 results. Please upgrade your plan.",
    );
    expect(gemini.imageCalls()).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole("button", { name: "Run 3" }));
    expect(await screen.findByText(/^3 of 3 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(40);
  });

  it("Freemium: one result; 2 to 4 are off, with the plan they need and the gate's message", async () => {
    signedIn();
    await openPage(hulk);
    const group = await screen.findByRole("radiogroup", { name: "Results" });
    expect(within(group).getByRole("radio", { name: "1" })).toBeChecked();
    for (const n of ["2", "3", "4"]) expect(within(group).getByRole("radio", { name: n })).toBeDisabled();
    expect(group).toHaveAccessibleDescription(
      "More than one result , needs $10/month Multiple transformations require a $10/month subscription. See plans",
    );
    expect(screen.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
  });
});
