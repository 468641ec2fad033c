/**
 * Opening the app offline: a signed-in visitor gets into the tools and My Creations (no error page, no
 * login screen), the counter stays quiet, and the plan and the session are read again on reconnecting.
 */
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getVariant } from "@/config/variants";
import { SIGN_IN_WAIT_MESSAGE } from "@/app/route-guard";
import { OFFLINE_TOOL_MESSAGE } from "@/lib/offline";
import { server } from "../msw/server";
import { makeSession, storeSession, SUPABASE_URL, subscriptionHandler } from "../msw/supabase";
import { connectionSwitch } from "../features/offline-kit";
import { renderApp } from "../utils";

const { goOffline, goOnline } = connectionSwitch();
const hulk = getVariant("hulk");

/** Signed in with a session that is still valid (read from storage, no call to the auth server). */
function signedIn() {
  storeSession();
  const planReads: URL[] = [];
  server.use(subscriptionHandler(null, (url) => planReads.push(url)));
  return planReads;
}

/**
 * Signed in with a session that expired: the auth client must refresh it, and the auth server cannot be
 * reached until `answer()`. The clock (Date only) jumps past the auth client's own retries of a failed
 * refresh (about 25 s) and, before reconnecting, past its minute of not asking again.
 */
function expiredSession() {
  vi.useFakeTimers({ toFake: ["Date"] });
  const session = makeSession();
  storeSession({ ...session, expires_at: Math.floor(Date.now() / 1000) - 10 });
  server.use(subscriptionHandler(null));
  let reachable = false;
  const refreshes: string[] = [];
  server.use(
    http.post(`${SUPABASE_URL}/auth/v1/token`, ({ request }) => {
      refreshes.push(new URL(request.url).searchParams.get("grant_type") ?? "");
      if (reachable) return HttpResponse.json(makeSession());
      vi.setSystemTime(Date.now() + 31_000);
      return HttpResponse.error();
    }),
  );
  return {
    refreshes,
    reachableAgain: () => {
      reachable = true;
      vi.setSystemTime(Date.now() + 61_000);
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("opening the app offline", () => {
  it("a tool opens (no plan error, no endless spinner), says it needs a connection, and the counter appears once back", async () => {
    const planReads = signedIn();
    goOffline();
    renderApp(hulk.path);
    expect(await screen.findByRole("heading", { level: 1, name: hulk.title })).toBeInTheDocument();
    expect(screen.getByTestId("offline-notice")).toHaveTextContent(OFFLINE_TOOL_MESSAGE);
    expect(screen.queryByText("We couldn't check your plan")).not.toBeInTheDocument();
    expect(screen.queryByTestId("remaining-counter")).not.toBeInTheDocument();
    // The plan's read waits for the connection instead of failing.
    expect(planReads).toHaveLength(0);

    goOnline();
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    expect(planReads.length).toBeGreaterThanOrEqual(1);
    expect(screen.getByTestId("offline-notice")).toBeEmptyDOMElement();
  });

  it("My Creations opens", async () => {
    signedIn();
    goOffline();
    const { router } = renderApp("/creations");
    expect(await screen.findByRole("heading", { level: 1, name: "My Creations" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/creations");
  });

  it("an expired session opened offline shows the visitor's pages at once (the stored session), and is refreshed on reconnecting", async () => {
    const auth = expiredSession();
    goOffline();
    const { router } = renderApp(hulk.path);
    expect(await screen.findByRole("heading", { level: 1, name: hulk.title })).toBeInTheDocument();
    expect(screen.getByTestId("offline-notice")).toHaveTextContent(OFFLINE_TOOL_MESSAGE);
    expect(screen.queryByText(SIGN_IN_WAIT_MESSAGE)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(hulk.path);

    auth.reachableAgain();
    goOnline();
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    expect(router.state.location.pathname).toBe(hulk.path);
    expect(auth.refreshes.at(-1)).toBe("refresh_token");
  });

  it("online, an auth server out of reach keeps the stored session instead of sending to the login screen", async () => {
    expiredSession();
    const { router } = renderApp("/creations");
    expect(await screen.findByRole("heading", { level: 1, name: "My Creations" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/creations");
    expect(screen.queryByRole("heading", { name: "Login" })).not.toBeInTheDocument();
  });
});
