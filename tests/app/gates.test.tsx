import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { http, HttpResponse, delay } from "msw";
import { describe, expect, it, vi } from "vitest";
import { TierGate } from "@/app/tier-gate";
import { AppProviders } from "@/app/providers";
import { formatRenewal, monthKey, renewalDate, USAGE_STORAGE_KEY } from "@/lib/usage";
import { server } from "../msw/server";
import { makeSession, makeUser, SUPABASE_URL, storeSession, subscriptionHandler } from "../msw/supabase";
import { renderApp, testQueryClient } from "../utils";

function setUsage(userId: string, used: number, month = monthKey()) {
  localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [userId]: { [month]: used } }));
}

function renderGate(ui: React.ReactNode, path = "/tool") {
  const router = createMemoryRouter(
    [
      { path: "/tool", element: ui },
      { path: "/auth", element: <h1>Auth page</h1> },
      { path: "/pricing", element: <h1>Pricing page</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe("route guard", () => {
  it('shows "Loading..." while the session check runs, then the page', async () => {
    // An expired stored session makes supabase-js refresh it over the network before answering.
    const session = makeSession();
    storeSession({ ...session, expires_at: Math.floor(Date.now() / 1000) - 10 });
    // The refresh is answered once the test has seen "Loading...", however long the page takes to load.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/token`, async () => {
        await answered;
        return HttpResponse.json(makeSession());
      }),
      subscriptionHandler(null),
    );
    renderApp("/");
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    answer();
    expect(await screen.findByRole("heading", { level: 1, name: "Cucumber.AI" })).toBeInTheDocument();
    expect(screen.queryByText("Loading...")).not.toBeInTheDocument();
  });
});

describe("tier gate", () => {
  const user = makeUser();

  it("shows a spinner while the plan loads, then the page", async () => {
    storeSession();
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, async () => {
        await delay(100);
        return HttpResponse.json([]);
      }),
    );
    renderGate(
      <TierGate>
        <h1>Tool</h1>
      </TierGate>,
    );
    expect(await screen.findByRole("status", { name: "Checking your plan" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Tool" })).toBeInTheDocument();
  });

  it('blocks a signed-out visitor with "Login Required" and a "Log In" link back here', async () => {
    renderGate(
      <TierGate>
        <h1>Tool</h1>
      </TierGate>,
    );
    expect(await screen.findByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/auth?redirect=%2Ftool");
    expect(screen.queryByRole("heading", { name: "Tool" })).not.toBeInTheDocument();
  });

  it("lets a Freemium user who used all 3 conversions in: the page says so itself (issue 27)", async () => {
    storeSession();
    setUsage(user.id, 3);
    server.use(subscriptionHandler(null));
    renderGate(
      <TierGate>
        <h1>Tool</h1>
      </TierGate>,
    );
    expect(await screen.findByRole("heading", { name: "Tool" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Upgrade Now" })).not.toBeInTheDocument();
  });

  it("lets the same usage through on the $10/month plan (40 a month) and counts only this month", async () => {
    storeSession();
    setUsage(user.id, 3);
    server.use(subscriptionHandler("$10/month"));
    renderGate(
      <TierGate>
        <h1>Tool</h1>
      </TierGate>,
    );
    expect(await screen.findByRole("heading", { name: "Tool" })).toBeInTheDocument();
  });

  it("ignores last month's usage", async () => {
    storeSession();
    setUsage(user.id, 3, "2000-01");
    server.use(subscriptionHandler(null));
    renderGate(
      <TierGate>
        <h1>Tool</h1>
      </TierGate>,
    );
    expect(await screen.findByRole("heading", { name: "Tool" })).toBeInTheDocument();
  });

  it("asks the backend for this user's row only", async () => {
    storeSession();
    const urls: URL[] = [];
    server.use(subscriptionHandler(null, (u) => urls.push(u)));
    renderGate(
      <TierGate>
        <h1>Tool</h1>
      </TierGate>,
    );
    await screen.findByRole("heading", { name: "Tool" });
    expect(urls[0]?.searchParams.get("user_id")).toBe(`eq.${user.id}`);
  });

  it("takes a fallback in place of the blocked message", async () => {
    server.use(subscriptionHandler(null));
    renderGate(
      <TierGate fallback={(state) => <p>Custom blocked: {state.kind}</p>}>
        <h1>Tool</h1>
      </TierGate>,
    );
    expect(await screen.findByText("Custom blocked: login-required")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Login Required" })).not.toBeInTheDocument();
  });

  it("says plainly when the plan cannot be checked, and retries on request", async () => {
    storeSession();
    let online = false;
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, () =>
        online ? HttpResponse.json([]) : HttpResponse.error(),
      ),
    );
    // supabase-js tries a failed read three more times, 1, 2 and 4 s apart: those waits pass on a fake clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderGate(
        <TierGate>
          <h1>Tool</h1>
        </TierGate>,
      );
      await vi.waitFor(async () => {
        await vi.advanceTimersByTimeAsync(1_000);
        expect(screen.getByRole("heading", { name: "We couldn't check your plan" })).toBeInTheDocument();
      }, 5_000);
    } finally {
      vi.useRealTimers();
    }
    online = true;
    screen.getByRole("button", { name: "Try again" }).click();
    expect(await screen.findByRole("heading", { name: "Tool" })).toBeInTheDocument();
  });

  it("a tool route at 0 left keeps its page: Usage Limit Reached, the renewal date, Upgrade Now, the picker off", async () => {
    storeSession();
    setUsage(user.id, 3);
    server.use(subscriptionHandler(null));
    renderApp("/gta");
    const notice = await screen.findByTestId("limit-notice");
    expect(within(notice).getByRole("heading", { name: "Usage Limit Reached" })).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      `You've used all 3 conversions of your Freemium plan this month. They renew on ${formatRenewal()}.`,
    );
    expect(within(notice).getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
    expect(within(notice).getByRole("link", { name: "My Creations" })).toHaveAttribute("href", "/creations");
    // The tool itself stays, with its picker off before anything is picked.
    expect(screen.getByRole("heading", { level: 1, name: /GTA/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Select Image/ })).toBeDisabled();
  });
});

describe("renewal date", () => {
  it("is the 1st of the next month: the device's month in client mode, the UTC month in hosted mode", () => {
    expect(formatRenewal(new Date(2026, 10, 27, 12), false)).toBe("1 December");
    expect(formatRenewal(new Date(2026, 11, 31, 23), false)).toBe("1 January");
    // 23:30 UTC on 30 November is still November on the server: it renews on 1 December.
    expect(formatRenewal(new Date(Date.UTC(2026, 10, 30, 23, 30)), true)).toBe("1 December");
    expect(renewalDate(new Date(Date.UTC(2026, 11, 5)), true).toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});
