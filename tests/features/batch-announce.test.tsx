// @vitest-environment jsdom
// (jsdom, not the ui project's happy-dom: its live region said no "N of 3" tick under happy-dom)
/** A batch as a screen reader hears it: progress per quarter (not per image), the pause once, the summary. */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { listenToLiveRegions } from "../live-announce-kit";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { addFiles, finished, openBatch, pausedBatch, photos, processAll, signedIn } from "./batch-kit";
import { fakeImageModel } from "./fake-image-model";
import { toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();
toolPageEnvironment();
const live = listenToLiveRegions();

describe("Batch, as announced", () => {
  it("says done and failed images at each quarter, and the summary once", async () => {
    signedIn();
    // The last answer comes later, so some progress is said before the summary whatever the machine's load
    // (three answered together would leave nothing but the summary to say).
    fakeImageModel(["image-success.json", "finish-no-image.json", "image-success.json"], {
      latencyMs: [0, 0, 600],
    });
    await openBatch();
    await addFiles(photos(3));
    await processAll();
    await finished(3);
    await waitFor(() => expect(live.times(/^Successfully processed 2 image\(s\)/)).toBe(1));
    expect(live.times(/Failed to process 1 image\(s\)/)).toBe(1);
    // Three images: each but the last may be said (the last is the summary), each once, never as
    // "N of 3" ticks. The three run side by side, so two may finish together and share a sentence.
    const progress = live.said().filter((text) => /^\d of 3 images finished/.test(text));
    expect(progress.length).toBeGreaterThan(0);
    expect(new Set(progress).size).toBe(progress.length);
    for (const text of progress)
      expect(text).toMatch(/^[12] of 3 images finished: [012] done, [01] failed\.$/);
    expect(live.times(/3 of 3 images finished/)).toBe(0);
    expect(live.times(/^\d of 3$/)).toBe(0);
    expect(live.times(/Processing images\.\.\./)).toBe(1);
  });

  it("says the pause once, with its seconds, while its countdown ticks", async () => {
    await pausedBatch(async () => {
      const note = await screen.findByTestId("batch-pause");
      const shown = note.textContent;
      await vi.advanceTimersByTimeAsync(2_000);
      expect(note.textContent).not.toBe(shown);
      expect(live.times(/The batch pauses and goes on in \d+ seconds\./)).toBe(1);
    });
    expect(live.times(/The batch pauses/)).toBe(1);
  });
});
