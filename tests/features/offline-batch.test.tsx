/** Batch Image Processing offline: refused without counting, stopped when the connection drops, resumed once back. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  BATCH_ITEM_OFFLINE_MESSAGE,
  BATCH_OFFLINE_ADVICE,
  BATCH_OFFLINE_MESSAGE,
} from "@/tools/batch/batch-run";
import { OFFLINE_RUN_MESSAGE, OFFLINE_TOOL_MESSAGE } from "@/lib/offline";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { GEMINI_BASE_URL } from "../msw/gemini";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { addFiles, counter, finished, openBatch, photos, processAll, signedIn, statuses } from "./batch-kit";
import { fakeImageModel, IMAGE_MODEL } from "./fake-image-model";
import { connectionSwitch } from "./offline-kit";
import { TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();
toolPageEnvironment();
const { goOffline, goOnline } = connectionSwitch();

describe("Batch Image Processing offline", () => {
  it("refuses to start without counting or changing a card, and starts once back", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    await openBatch();
    await addFiles(photos(2));
    expect(await counter()).toHaveTextContent("Remaining conversions: 20 / 20");

    goOffline();
    expect(screen.getByTestId("offline-notice")).toHaveTextContent(OFFLINE_TOOL_MESSAGE);
    await processAll();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(OFFLINE_RUN_MESSAGE);
    expect(statuses()).toEqual(["idle", "idle"]);
    expect(gemini.calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByLabelText("Instruction")).toHaveValue("make it look like a watercolour painting");

    goOnline();
    await userEvent.setup().click(screen.getByRole("button", { name: "Process All Images" }));
    await finished(2);
    expect(statuses()).toEqual(["done", "done"]);
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("a dropped connection stops what is not done yet with the offline message; Try again finishes them once back", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    // The first image request is answered; the others wait until the connection drops and are cut off.
    let cutOff = true;
    let imageRequests = 0;
    let drop = () => {};
    const dropped = new Promise<void>((resolve) => (drop = resolve));
    server.use(
      http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, async ({ request }) => {
        if (!cutOff || !request.url.includes(IMAGE_MODEL) || ++imageRequests === 1) return undefined;
        await dropped;
        return HttpResponse.error();
      }),
    );
    await openBatch();
    await addFiles(photos(4));
    await processAll();
    await screen.findByText("1 of 4");
    await waitFor(() => expect(imageRequests).toBeGreaterThanOrEqual(3));
    goOffline();
    drop();

    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(BATCH_OFFLINE_MESSAGE);
    expect(banner).toHaveTextContent(BATCH_OFFLINE_ADVICE);
    expect(banner).not.toHaveTextContent("Batch processing failed");
    expect(statuses().filter((s) => s === "done")).toHaveLength(1);
    expect(statuses().filter((s) => s === "failed")).toHaveLength(3);
    const stopped = screen.getAllByTestId("batch-card").filter((card) => card.dataset.status === "failed");
    for (const card of stopped) expect(card).toHaveTextContent(`Error: ${BATCH_ITEM_OFFLINE_MESSAGE}`);
    // The image that came back is counted and kept; the others are counted for nothing.
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(screen.getByRole("button", { name: "Retry failed" })).toBeInTheDocument();

    // Try again takes the three stopped images again and says so beside it (issue 27 §2).
    const again = within(banner).getByRole("button", { name: "Try again" });
    expect(again).toHaveAccessibleDescription("This uses 3 conversions of your 19 left this month.");
    goOnline();
    cutOff = false;
    await userEvent.setup().click(again);
    await finished(3);
    expect(statuses()).toEqual(["done", "done", "done", "done"]);
    expect(getUsedConversions(USER.id)).toBe(4);
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
    expect(gemini.imageCalls().length).toBeGreaterThanOrEqual(4);
  });
});
