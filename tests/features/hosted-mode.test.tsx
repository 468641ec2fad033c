/// <reference types="node" />
/**
 * Hosted mode (AI_MODE=hosted) from the user's side, on the real pages: AI calls go to the app's proxy
 * with the session instead of a key, the server's count (the user's `usage` row and each answer's
 * x-conversions-* headers) is the remaining counter, and a key typed on the page still goes straight
 * to Google and is counted in this browser.
 */
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getVariant } from "@/config/variants";
import { getUsedConversions, USAGE_STORAGE_KEY, usageMonth } from "@/lib/usage";
import { server } from "../msw/server";
import { streamFixtureText } from "../msw/gemini-stream";
import { hostedAiHandler, usageRowHandler, type ProxyReply } from "../msw/hosted";
import { renderApp } from "../utils";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { holdRetryWaits } from "./retry-waits";
import { fakeGemini, fixtureFile, signedIn, TEST_USER, toolPageEnvironment } from "./tool-kit";

const frog = getVariant("frog");
const cucumber = getVariant("cucumber");

// Canvas stand-ins and downloads captured; the default key and the fake Gemini's URL are set too, so
// these tests also show that hosted mode never uses a shared key.
toolPageEnvironment();

beforeEach(() => {
  vi.stubEnv("VITE_AI_MODE", "hosted");
});

/** Signed in on Freemium (3 a month) with the server's row at `used` (null: no row yet). */
function hostedUser(used: number | null) {
  signedIn();
  const row = usageRowHandler(used);
  server.use(row.handler);
  return row;
}

function proxy(replies: ProxyReply | ProxyReply[]) {
  const fake = hostedAiHandler(replies);
  server.use(fake.handler);
  return fake;
}

async function openPage(path: string, title: string) {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: title });
  return view;
}

async function upload() {
  await userEvent
    .setup()
    .upload(await screen.findByTestId("file-input"), fixtureFile("portrait-astronaut.png"));
}

const counter = () => screen.findByTestId("remaining-counter");

describe("hosted mode", () => {
  it("sends the photo to /api/ai with the session, no key; the answer's headers move the counter", async () => {
    hostedUser(1);
    const ai = proxy({ fixture: "image-success.json", usage: { used: 2, limit: 3, remaining: 1 } });
    const google = fakeGemini({ fixture: "image-success.json" });
    await openPage(frog.path, frog.title);
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
    await upload();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]!.headers.get("authorization")).toBe("Bearer test-access-token");
    expect(ai.requests[0]!.headers.has("x-goog-api-key")).toBe(false);
    expect(google).toHaveLength(0);
    expect(await counter()).toHaveTextContent("Remaining conversions: 1 / 3");
    // The server counted it: nothing in this browser's meter.
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();
  });

  it("the prompt analysis goes through the proxy too, with the session", async () => {
    hostedUser(null);
    const ai = proxy([
      { fixture: "text-success.json", usage: { used: 0, limit: 3, remaining: 3 } },
      { fixture: "image-success.json", usage: { used: 1, limit: 3, remaining: 2 } },
    ]);
    await openPage(cucumber.path, cucumber.title);
    await upload();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    // The proxy is asked for a role, not a model: it calls the model it is configured with.
    expect(ai.requests.map((r) => r.model)).toEqual(["text", "image"]);
    for (const request of ai.requests) {
      expect(request.headers.get("authorization")).toBe("Bearer test-access-token");
      expect(request.headers.get("x-cucumber-tool")).toBe("cucumber");
    }
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
  });

  it("a key typed on the page goes straight to Google and is counted in this browser", async () => {
    const row = hostedUser(1);
    const ai = proxy({ fixture: "image-success.json" });
    const google = fakeGemini({ fixture: "image-success.json" });
    await openPage(frog.path, frog.title);
    const user = userEvent.setup();
    await user.click(screen.getByText(/Your own Gemini API key/));
    expect(await screen.findByText(/sent from this browser straight to/)).toHaveTextContent(
      "conversions made with it still count towards your plan, and are counted in this browser",
    );
    await user.type(await screen.findByLabelText("Gemini API key"), "my-own-key");
    await upload();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(ai.requests).toHaveLength(0);
    expect(google).toHaveLength(1);
    expect(google[0]!.headers.get("x-goog-api-key")).toBe("my-own-key");
    expect(google[0]!.headers.has("authorization")).toBe(false);
    expect(getUsedConversions(TEST_USER.id)).toBe(1);
    // Three a month: one counted by the server, one made with the visitor's own key.
    expect(await counter()).toHaveTextContent("Remaining conversions: 1 / 3");
    expect(row.requests.length).toBeGreaterThan(0);
  });

  it("the server's limit refusal: the limit toast and /pricing, nothing counted here, none left", async () => {
    const row = hostedUser(2);
    // Another device used the last conversion after the page checked.
    const ai = proxy({ refusal: "CONVERSION_LIMIT_REACHED", usage: { used: 3, limit: 3, remaining: 0 } });
    const { router } = await openPage(frog.path, frog.title);
    expect(await counter()).toHaveTextContent("Remaining conversions: 1 / 3");
    await upload();
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade for more" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    // The page itself, not only the address: the tool page has left (its lazy chunk may still load).
    await screen.findByRole("heading", { level: 1, name: "Pricing" });
    expect(ai.requests).toHaveLength(1);
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();
    // Back on the page: nothing is left, so the tier gate says so.
    row.set(3);
    await act(() => router.navigate(frog.path));
    expect(await screen.findByRole("heading", { name: "Usage Limit Reached" })).toBeInTheDocument();
  });

  it("the server refuses a size the plan lacks: the page's error says the gate and what to do", async () => {
    hostedUser(1);
    const ai = proxy({ refusal: "PLAN_REQUIRED", usage: { used: 1, limit: 3, remaining: 2 } });
    await openPage(frog.path, frog.title);
    await upload();
    const banner = await screen.findByRole("alert");
    expect(banner).toHaveTextContent("4K images require a $30/month subscription");
    expect(banner).toHaveTextContent(
      "Nothing was sent or counted: choose a smaller size, or upgrade your plan on the Pricing page.",
    );
    expect(ai.requests).toHaveLength(1);
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
  });

  it("remaining comes from the server's row, not this browser's storage", async () => {
    const row = hostedUser(1);
    await openPage(frog.path, frog.title);
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
    expect(row.requests[0]!.searchParams.get("month")).toBe(`eq.${usageMonth()}`);
    // Clearing this browser's storage changes nothing.
    act(() => {
      localStorage.removeItem(USAGE_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: null }));
    });
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 2 / 3");
  });

  it("at the limit by the server's count, the action is refused before anything is sent", async () => {
    const row = hostedUser(2);
    const ai = proxy({ fixture: "image-success.json" });
    const { router } = await openPage(frog.path, frog.title);
    expect(await counter()).toHaveTextContent("Remaining conversions: 1 / 3");
    // Used up elsewhere since the page was drawn: the check reads the row again at the action.
    row.set(3);
    await upload();
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(ai.requests).toHaveLength(0);
  });

  it("the proxy's rate limit: the countdown of its RetryInfo, then the result", async () => {
    hostedUser(0);
    const ai = proxy([
      { refusal: "RATE_LIMITED", retryDelaySeconds: 12, usage: { used: 0, limit: 3, remaining: 3 } },
      { fixture: "image-success.json", usage: { used: 1, limit: 3, remaining: 2 } },
    ]);
    await openPage(frog.path, frog.title);
    holdRetryWaits();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await upload();
      expect(await screen.findByText(/Trying again in 12 s \(attempt 2 of 3\)/)).toBeInTheDocument();
      expect(ai.requests).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(12_500));
      expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
    expect(ai.requests).toHaveLength(2);
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
  });

  it("a poem streams through the proxy with the session; the counter moves as it starts", async () => {
    hostedUser(1);
    const ai = proxy({
      sse: streamFixtureText("stream-text-success.sse"),
      usage: { used: 1, limit: 3, remaining: 1 },
    });
    await openPage("/visual-poetry", "Visual Poetry");
    expect(await counter()).toHaveTextContent("Remaining conversions: 2 / 3");
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 2 left this month.",
    );
    await upload();
    expect(await screen.findByText("Golden light on a quiet face,")).toBeInTheDocument();
    expect(ai.requests).toHaveLength(1);
    expect(ai.requests[0]!.method).toBe("streamGenerateContent");
    expect(ai.requests[0]!.headers.get("authorization")).toBe("Bearer test-access-token");
    expect(ai.requests[0]!.headers.has("x-goog-api-key")).toBe(false);
    // The conversion the stream holds is not left any more.
    expect(await counter()).toHaveTextContent("Remaining conversions: 1 / 3");
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();
  });
});

describe("hosted mode: several results per run (issue 28 §1)", () => {
  hideNodeEventsFromPQueue();

  it("each result is one call to /api/ai, reserved and counted by the server; nothing is counted here", async () => {
    signedIn({ tier: "$10/month" });
    server.use(usageRowHandler(0).handler);
    const ai = proxy([
      { fixture: "image-success.json", usage: { used: 1, limit: 40, remaining: 39 } },
      { fixture: "image-success.json", usage: { used: 2, limit: 40, remaining: 38 } },
    ]);
    await openPage(frog.path, frog.title);
    expect(await counter()).toHaveTextContent("Remaining conversions: 40 / 40");
    await userEvent.setup().click(screen.getByRole("radio", { name: "2" }));
    await upload();
    expect(await screen.findByText(/^2 of 2 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(ai.requests).toHaveLength(2);
    expect(await counter()).toHaveTextContent("Remaining conversions: 38 / 40");
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();
  });
});
