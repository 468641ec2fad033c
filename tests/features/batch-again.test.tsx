/**
 * A finished batch (issue 27 §2): its main actions are Download all and Start over; running the same
 * photos again is a secondary step that says what it uses and asks first; Cancel runs nothing.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fakeImageModel } from "./fake-image-model";
import { addFiles, counter, finished, openBatch, photos, processAll, signedIn, statuses } from "./batch-kit";
import { TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();
toolPageEnvironment();

async function finishedBatchOfTwo() {
  signedIn();
  const gemini = fakeImageModel(["image-success.json"]);
  await openBatch();
  await addFiles(photos(2));
  await processAll();
  await finished(2);
  await waitFor(() => expect(getUsedConversions(USER.id)).toBe(2));
  // "Process again…" (its code fetched once photos were added).
  await screen.findByRole("button", { name: "Process again…" });
  return gemini;
}

describe("a finished batch", () => {
  it("offers Download all and Start over instead of Process All Images, and says what running again uses", async () => {
    await finishedBatchOfTwo();
    expect(screen.queryByRole("button", { name: "Process All Images" })).toBeNull();
    const done = await screen.findByTestId("batch-finished");
    expect(within(done).getByRole("button", { name: "Download all" })).toBeEnabled();
    expect(within(done).getByRole("button", { name: "Start over" })).toBeEnabled();
    expect(within(done).getByRole("button", { name: "Process again…" })).toBeEnabled();
    // One Download all on the page, and Start over in place of Clear all.
    expect(screen.getAllByRole("button", { name: "Download all" })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Clear all" })).toBeNull();
    expect(within(done).getByTestId("cost-note")).toHaveTextContent(
      "This uses 2 conversions of your 18 left this month.",
    );
  });

  it("asks before running the same photos again: Cancel runs nothing and counts nothing", async () => {
    const gemini = await finishedBatchOfTwo();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Process again…" }));
    const dialog = await screen.findByRole("dialog", { name: "Process these 2 images again?" });
    expect(dialog).toHaveTextContent(
      "This uses 2 conversions of your 18 left this month. The results you have now stay in My Creations.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(gemini.calls).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(await counter()).toHaveTextContent("Remaining conversions: 18 / 20");
    expect(statuses()).toEqual(["done", "done"]);
    expect(screen.getByRole("button", { name: "Process again…" })).toBeInTheDocument();
  });

  it("runs the same photos again once confirmed, counting each result", async () => {
    const gemini = await finishedBatchOfTwo();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Process again…" }));
    const dialog = await screen.findByRole("dialog", { name: "Process these 2 images again?" });
    await user.click(within(dialog).getByRole("button", { name: "Use 2 conversions" }));
    await waitFor(() => expect(gemini.calls).toHaveLength(4));
    await finished(2);
    await waitFor(() => expect(getUsedConversions(USER.id)).toBe(4));
    expect(await counter()).toHaveTextContent("Remaining conversions: 16 / 20");
  });

  it("Start over empties the page and brings back Process All Images", async () => {
    await finishedBatchOfTwo();
    await userEvent.setup().click(screen.getByRole("button", { name: "Start over" }));
    expect(screen.queryAllByTestId("batch-card")).toHaveLength(0);
    expect(screen.getByRole("button", { name: "Process All Images" })).toBeEnabled();
    expect(screen.queryByRole("button", { name: "Process again…" })).toBeNull();
  });

  it("is not finished once a new photo is added: Process All Images comes back with the whole cost", async () => {
    await finishedBatchOfTwo();
    await userEvent.setup().upload(screen.getByTestId("files-input"), photos(1));
    await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(3));
    expect(screen.getByRole("button", { name: "Process All Images" })).toBeEnabled();
    expect(screen.queryByTestId("batch-finished")).toBeNull();
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 3 conversions of your 18 left this month.",
    );
  });
});
