/** Hosted mode offline: a run refused before the usage row is read or the proxy reserves anything; fine once back. */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getVariant } from "@/config/variants";
import { OFFLINE_RUN_MESSAGE } from "@/lib/offline";
import { server } from "../msw/server";
import { hostedAiHandler, usageRowHandler } from "../msw/hosted";
import { renderApp } from "../utils";
import { connectionSwitch } from "./offline-kit";
import { fixtureFile, signedIn, toolPageEnvironment } from "./tool-kit";

toolPageEnvironment();
const { goOffline, goOnline } = connectionSwitch();
const frog = getVariant("frog");

beforeEach(() => {
  vi.stubEnv("VITE_AI_MODE", "hosted");
});

describe("hosted mode offline", () => {
  it("reads no usage and sends nothing to the proxy (so nothing is reserved), then converts once back", async () => {
    signedIn();
    const row = usageRowHandler(1);
    const proxy = hostedAiHandler({
      fixture: "image-success.json",
      usage: { used: 2, limit: 3, remaining: 1 },
    });
    server.use(row.handler, proxy.handler);
    renderApp(frog.path);
    await screen.findByRole("heading", { level: 1, name: frog.title });
    const counter = await screen.findByTestId("remaining-counter");
    expect(counter).toHaveTextContent("Remaining conversions: 2 / 3");
    const rowReads = row.requests.length;

    goOffline();
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId("file-input"), fixtureFile("portrait-astronaut.png"));
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(OFFLINE_RUN_MESSAGE);
    expect(row.requests).toHaveLength(rowReads);
    expect(proxy.requests).toHaveLength(0);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 2 / 3");

    goOnline();
    await user.click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(proxy.requests).toHaveLength(1);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 1 / 3");
  });
});
