/** Batch with the keyboard: focus is never left on <body> when a run starts (its button is disabled) or ends. */
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { addFiles, finished, openBatch, photos, processAll, signedIn } from "./batch-kit";
import { fakeImageModel } from "./fake-image-model";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();
toolPageEnvironment();

describe("Batch focus", () => {
  it("goes to Cancel all when the run starts and to Download all when it ends", async () => {
    signedIn();
    // The first answer is "busy": the run waits, so it can be seen running.
    fakeImageModel(["error-429-quota.json", "image-success.json"]);
    await openBatch();
    await addFiles(photos(2));
    holdRetryWaits();
    await processAll();
    await waitFor(() => expect(screen.getByRole("button", { name: "Cancel all" })).toHaveFocus());
    passRetryWaits();
    await finished(2);
    await waitFor(() => expect(screen.getByRole("button", { name: "Download all" })).toHaveFocus());
  });

  it("after a cancelled run with nothing done, focus is on Retry failed, to finish the cancelled ones", async () => {
    signedIn();
    fakeImageModel(["error-429-quota.json"]);
    await openBatch();
    await addFiles(photos(2));
    holdRetryWaits();
    await processAll();
    const cancel = await screen.findByRole("button", { name: "Cancel all" });
    await waitFor(() => expect(cancel).toHaveFocus());
    cancel.click();
    await waitFor(() => expect(screen.getByRole("button", { name: "Retry failed" })).toHaveFocus());
  });
});
