/** The style tools offline: the notice, a run refused or cut off without counting, and the first run once back. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  CONNECTION_LOST_MESSAGE,
  OFFLINE_RUN_ADVICE,
  OFFLINE_RUN_MESSAGE,
  OFFLINE_TOOL_MESSAGE,
} from "@/lib/offline";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { GEMINI_BASE_URL } from "../msw/gemini";
import { subscriptionHandler } from "../msw/supabase";
import { fakeImageModel, IMAGE_MODEL } from "./fake-image-model";
import { hulk, openPage, signedIn, upload } from "./conversion-kit";
import { connectionSwitch } from "./offline-kit";
import { TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

// Canvas stand-ins, the default key and the fake Gemini's URL, no local engine, and downloads captured.
toolPageEnvironment();
const { goOffline, goOnline } = connectionSwitch();

/** Every read of the plan from here on (the allowance check reads it at the moment of a run). */
function watchPlanReads() {
  const reads: URL[] = [];
  server.use(subscriptionHandler(null, (url) => reads.push(url)));
  return reads;
}

const counter = () => screen.findByTestId("remaining-counter");
const notice = () => screen.getByTestId("offline-notice");

describe("a style tool offline", () => {
  it("says it needs a connection, refuses the run without checking, sending or counting anything, and keeps the photo; back online the same photo converts", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    expect(await counter()).toHaveTextContent("Remaining conversions: 3 / 3");
    expect(notice()).toHaveAttribute("role", "status");
    expect(notice()).toBeEmptyDOMElement();

    goOffline();
    expect(notice()).toHaveTextContent(OFFLINE_TOOL_MESSAGE);
    const planReads = watchPlanReads();
    await upload();

    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(`Error: ${OFFLINE_RUN_MESSAGE}`);
    expect(banner).toHaveTextContent(OFFLINE_RUN_ADVICE);
    expect(banner).not.toHaveTextContent("Failed to process image");
    expect(screen.queryByRole("dialog", { name: hulk.overlay.title })).not.toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Original" })).toBeInTheDocument();
    // Nothing checked, sent or counted.
    expect(planReads).toHaveLength(0);
    expect(gemini.calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(await counter()).toHaveTextContent("Remaining conversions: 3 / 3");

    // Pressed again offline: still refused, still nothing sent.
    const user = userEvent.setup();
    await user.click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(OFFLINE_RUN_MESSAGE);
    expect(gemini.calls).toHaveLength(0);

    goOnline();
    expect(notice()).toBeEmptyDOMElement();
    await user.click(within(screen.getByTestId("error-banner")).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
  });

  it("opened offline (no plan read yet): the photo still loads and the run is refused; once back the plan is read and the photo converts", async () => {
    signedIn();
    const planReads = watchPlanReads();
    const gemini = fakeImageModel(["image-success.json"]);
    goOffline();
    await openPage(hulk);
    expect(notice()).toHaveTextContent(OFFLINE_TOOL_MESSAGE);
    await upload();
    // The photo is read and shown first (the upload's own check passes offline), then the run is refused.
    expect(await screen.findByRole("img", { name: "Original" }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(OFFLINE_RUN_MESSAGE);
    expect(planReads).toHaveLength(0);
    expect(gemini.calls).toHaveLength(0);
    expect(screen.queryByTestId("remaining-counter")).not.toBeInTheDocument();

    goOnline();
    expect(await counter()).toHaveTextContent("Remaining conversions: 3 / 3");
    await userEvent
      .setup()
      .click(within(screen.getByTestId("error-banner")).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("a run whose connection drops mid-way says so (not a generic failure), counts nothing, and works again once back", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    // The image request is cut off once the test has dropped the connection; later ones fail at once
    // while it is down, and go to the fake model again once it is back.
    let cutOff = true;
    let reached = () => {};
    const requestArrived = new Promise<void>((resolve) => (reached = resolve));
    let drop = () => {};
    const dropped = new Promise<void>((resolve) => (drop = resolve));
    server.use(
      http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, async ({ request }) => {
        if (!cutOff || !request.url.includes(IMAGE_MODEL)) return undefined;
        reached();
        await dropped;
        return HttpResponse.error();
      }),
    );
    await openPage(hulk);
    await upload();
    expect(await screen.findByRole("dialog", { name: hulk.overlay.title })).toBeInTheDocument();
    await requestArrived;
    goOffline();
    drop();

    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(`Error: ${CONNECTION_LOST_MESSAGE}`);
    expect(banner).toHaveTextContent(OFFLINE_RUN_ADVICE);
    expect(banner).not.toHaveTextContent("Could not reach the AI service");
    expect(screen.getByRole("img", { name: "Original" })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);

    goOnline();
    cutOff = false;
    await userEvent
      .setup()
      .click(within(screen.getByTestId("error-banner")).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    await waitFor(() => expect(getUsedConversions(USER.id)).toBe(1));
    expect(gemini.imageCalls().length).toBeGreaterThanOrEqual(1);
  });

  it("online, a server out of reach keeps the words it had (it is not the visitor's connection)", async () => {
    signedIn();
    fakeImageModel(["network-error"]);
    await openPage(hulk);
    await upload();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Failed to process image: Could not reach the AI service.");
    expect(banner).not.toHaveTextContent(CONNECTION_LOST_MESSAGE);
    expect(notice()).toBeEmptyDOMElement();
  });
});
