/**
 * Batch takes handed-over photos (a share of several, or a result sent on) as a drop of them: one card
 * each, the 50-file rule and the not-an-image notice, giving way over the last batch shown again; each
 * result is kept with the chain of its photo, and each done card has its own "Edit with…", whose chain
 * starts at that card's creation (a restored one too).
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getVariant } from "@/config/variants";
import { notImagesMessage, tooManyMessage } from "@/tools/batch/batch-copy";
import { setThumbnailMaker } from "@/lib/creations/thumbnail";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { finished, photos, processAll, signedIn } from "./batch-kit";
import { image, seed } from "./creations-kit";
import { fakeImageModel } from "./fake-image-model";
import { handOverFiles, handToOpenPage, HULK_STEP, keptOf, renderWithIncoming } from "./incoming-kit";
import { fixtureFile, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";
import { renderApp } from "../utils";

hideNodeEventsFromPQueue();
toolPageEnvironment();

let restoreMaker: () => void = () => undefined;
beforeEach(() => {
  // jsdom has no canvas: the kept "downscaled" original is the photo itself.
  restoreMaker = setThumbnailMaker(async (source) => source);
});
afterEach(() => restoreMaker());

const BATCH = "/batch-processing";
const cards = () => screen.getAllByTestId("batch-card");

describe("photos handed to Batch", () => {
  it("three shared photos are three cards, ready for an instruction", async () => {
    signedIn();
    renderWithIncoming(BATCH, await handOverFiles(photos(3)));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByRole("heading", { name: "Images (3)" })).toBeInTheDocument();
    expect(cards().map((card) => card.dataset.status)).toEqual(["idle", "idle", "idle"]);
    expect(within(cards()[0]!).getByText("photo-1.png")).toBeInTheDocument();
  });

  it("60 photos: the first 50 are added and the rest said, as an upload of 60 is", async () => {
    signedIn();
    renderWithIncoming(BATCH, await handOverFiles(photos(60)));
    expect(await screen.findByText(tooManyMessage(10), { selector: "[role=status] *" })).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(50));
  });

  it("a file that is not an image is left out and said, the photos kept", async () => {
    signedIn();
    const pdf = new File([new TextEncoder().encode("%PDF-1.4")], "notes.pdf", { type: "application/pdf" });
    renderWithIncoming(BATCH, await handOverFiles([...photos(2), pdf]));
    expect(await screen.findByText(notImagesMessage(1))).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
  });

  it("a result sent on is kept with its chain, and the done card hands its own result on", async () => {
    signedIn();
    fakeImageModel(["image-success.json"]);
    renderWithIncoming(BATCH, await handOverFiles(photos(1), [HULK_STEP]));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await processAll();
    await finished(1);
    const [kept] = await keptOf("batch");
    expect(kept!.from).toEqual([HULK_STEP]);
    expect(await screen.findByRole("button", { name: "Edit with… photo-1-processed.png" })).toBeEnabled();
  });

  it("the last batch shown again gives way to photos handed to the page", async () => {
    signedIn();
    const portrait = fixtureFile("portrait-astronaut.png");
    await seed(
      USER.id,
      { ...image("batch", "sepia"), file: portrait, details: { run: "run-1", original: "old.png" } },
      1_000,
    );
    const { router } = renderApp(BATCH);
    expect(await screen.findByText("Your last batch, kept on this device.")).toBeInTheDocument();
    expect(cards()).toHaveLength(1);

    await handToOpenPage(router, BATCH, await handOverFiles(photos(2)));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByText("Your last batch, kept on this device.")).not.toBeInTheDocument();
    expect(screen.queryByText("old.png")).not.toBeInTheDocument();
    expect(cards().map((card) => card.dataset.status)).toEqual(["idle", "idle"]);
  });

  it("Edit with… on a card of the last batch shown again starts the chain at that card's creation", async () => {
    signedIn();
    const portrait = fixtureFile("portrait-astronaut.png");
    await seed(
      USER.id,
      { ...image("batch", "sepia"), file: portrait, details: { run: "run-1", original: "alice.png" } },
      1_000,
    );
    const [batchRecord] = await keptOf("batch");
    const gemini = fakeImageModel(["image-success.json"]);
    const frog = getVariant("frog");
    const user = userEvent.setup();
    renderApp(BATCH);
    await user.click(await screen.findByRole("button", { name: "Edit with… alice-processed.png" }));
    await user.click(await screen.findByRole("menuitem", { name: "Frog" }));

    expect(await screen.findByRole("heading", { level: 1, name: frog.title })).toBeInTheDocument();
    expect(await screen.findByText(frog.toasts.success)).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect((await keptOf("frog"))[0]!.from).toEqual([{ tool: "batch", id: batchRecord!.id }]);
  });
});
