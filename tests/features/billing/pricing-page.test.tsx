// The Pricing page: the plans, the current one, and what choosing each does, signed in or out.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TIERS } from "@/config/tiers";
import { checkoutHandler, subscriptionWritesHandler } from "../../msw/checkout";
import { server } from "../../msw/server";
import { makeSession, storeSession, SUPABASE_URL, subscriptionHandler } from "../../msw/supabase";
import { renderApp } from "../../utils";

const FEATURES = [
  "All app features",
  "Full access to all styles",
  "Custom transformations",
  "Multiple variations",
  "2K images",
  "4K images",
  "Visual poetry",
  "Animation features",
  "Batch processing",
];

function card(name: string) {
  return screen.getByRole("listitem", { name });
}

async function findCards() {
  return within(await screen.findByRole("list", { name: "Plans" })).getAllByRole("listitem", {
    name: /./,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("pricing page, signed out", () => {
  it("shows the four plans with price, monthly converts and the same features, Freemium first", async () => {
    renderApp("/pricing");
    expect(await screen.findByRole("heading", { level: 1, name: "Pricing" })).toBeInTheDocument();
    const cards = await findCards();
    expect(cards.map((c) => within(c).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Freemium",
      "Basic",
      "Standard",
      "Premium",
    ]);
    const expected = [
      { price: "Free", converts: "3 converts per month", button: "Get Started" },
      { price: "$5/month", converts: "20 converts per month", button: "Subscribe" },
      { price: "$10/month", converts: "40 converts per month", button: "Subscribe" },
      { price: "$30/month", converts: "130 converts per month", button: "Subscribe" },
    ];
    cards.forEach((c, i) => {
      const { price, converts, button } = expected[i]!;
      expect(c).toHaveTextContent(price);
      expect(within(c).getByText(converts)).toBeInTheDocument();
      const features = within(within(c).getByRole("list", { name: `${TIERS[i]!.name} features` }))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
      expect(features.map((f) => f?.replace(/ \(.*\)$/, ""))).toEqual(FEATURES);
      expect(within(c).getByRole("button", { name: button })).toBeEnabled();
    });
    expect(screen.queryByText("Current Plan")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("says which features need a higher plan, and how to reach support for enterprise needs", async () => {
    renderApp("/pricing");
    await findCards();
    expect(within(card("Freemium")).getByText(/Custom transformations/)).toHaveTextContent(
      "Custom transformations (Basic and up)",
    );
    expect(within(card("Basic")).getByText(/Multiple variations/)).toHaveTextContent(
      "Multiple variations (Standard and up)",
    );
    expect(within(card("Standard")).getByText(/Multiple variations/)).toHaveTextContent(
      /^Multiple variations$/,
    );
    // Issue 28: 2K on Standard, 4K on Premium.
    expect(within(card("Basic")).getByText(/2K images/)).toHaveTextContent("2K images (Standard and up)");
    expect(within(card("Standard")).getByText(/2K images/)).toHaveTextContent(/^2K images$/);
    expect(within(card("Standard")).getByText(/4K images/)).toHaveTextContent("4K images (Premium and up)");
    expect(within(card("Premium")).getByText(/4K images/)).toHaveTextContent(/^4K images$/);
    expect(screen.getByText(/Enterprise or custom needs\?/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Help Center" })).toHaveAttribute("href", "/help");
  });

  it.each([
    ["Freemium", "Get Started"],
    ["Standard", "Subscribe"],
    ["Premium", "Subscribe"],
  ])("choosing %s sends the visitor to sign in first, then back to pricing", async (plan, button) => {
    const { router } = renderApp("/pricing");
    await findCards();
    await userEvent.setup().click(within(card(plan)).getByRole("button", { name: button }));
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
    expect(router.state.location.search).toBe("?redirect=%2Fpricing");
  });
});

describe("pricing page: the recommended plan and the plans at a glance", () => {
  it("puts Standard forward as the recommended paid plan, not Freemium", async () => {
    renderApp("/pricing");
    await findCards();
    expect(within(card("Standard")).getByText("Recommended")).toBeInTheDocument();
    expect(within(card("Freemium")).queryByText(/Recommended|Start here/)).not.toBeInTheDocument();
    expect(screen.getAllByText("Recommended", { selector: "[data-slot=badge]" })).toHaveLength(1);
  });

  it("lists every plan's price and conversions at a glance; an entry takes the visitor to its card", async () => {
    storeSession();
    server.use(subscriptionHandler("$5/month"));
    renderApp("/pricing");
    await findCards();
    const glance = screen.getByRole("navigation", { name: "Plans at a glance" });
    const entries = within(glance).getAllByRole("button");
    expect(entries.map((b) => b.textContent)).toEqual([
      "FreemiumFree3 converts a month",
      "BasicCurrent$5/mo20 converts a month",
      "StandardRecommended$10/mo40 converts a month",
      "Premium$30/mo130 converts a month",
    ]);
    const scrolled = vi.fn();
    const before = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    try {
      await userEvent.setup().click(entries[3]!);
    } finally {
      Element.prototype.scrollIntoView = before;
    }
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(card("Premium"));
    expect(within(card("Premium")).getByRole("heading", { level: 2 })).toHaveFocus();
  });
});

describe("pricing page, signed in", () => {
  it('marks Freemium (no subscription row) as "Current Plan", its button "Your plan" and disabled', async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    renderApp("/pricing");
    await findCards();
    expect(within(card("Freemium")).getByText("Current Plan")).toBeInTheDocument();
    expect(within(card("Freemium")).getByRole("button", { name: "Your plan" })).toBeDisabled();
    expect(screen.getAllByText("Current Plan")).toHaveLength(1);
    for (const name of ["Basic", "Standard", "Premium"]) {
      expect(within(card(name)).getByRole("button", { name: "Subscribe" })).toBeEnabled();
    }
  });

  it("Subscribe on Standard goes to /payment with the plan and its price", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp("/pricing");
    await findCards();
    await userEvent.setup().click(within(card("Standard")).getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Complete Payment" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment");
    expect(router.state.location.state).toEqual({ plan: "$10/month", price: 10 });
    expect(screen.getByRole("button", { name: "Pay $10" })).toBeInTheDocument();
  });

  it("moves the badge to the user's plan; Get Started moves them back to Freemium on the server, then home", async () => {
    storeSession();
    // The server answers only once the test has seen the busy button (a fixed delay could pass first
    // on a loaded machine).
    let release = () => {};
    const checkout = checkoutHandler(undefined, {
      hold: new Promise<void>((resolve) => (release = resolve)),
    });
    const writes = subscriptionWritesHandler();
    server.use(subscriptionHandler("$10/month"), checkout.handler, writes.handler);
    const { router } = renderApp("/pricing");
    await findCards();
    expect(within(card("Standard")).getByText("Current Plan")).toBeInTheDocument();
    expect(within(card("Standard")).getByRole("button", { name: "Your plan" })).toBeDisabled();
    expect(within(card("Freemium")).queryByText("Current Plan")).not.toBeInTheDocument();
    expect(screen.getAllByText("Current Plan")).toHaveLength(1);

    const getStarted = within(card("Freemium")).getByRole("button", { name: "Get Started" });
    await userEvent.setup().dblClick(getStarted);
    // While the server works, the button is busy and cannot be pressed again.
    expect(getStarted).toBeDisabled();
    expect(getStarted).toHaveAttribute("aria-busy", "true");
    release();
    expect(await screen.findByRole("heading", { level: 1, name: "Cucumber.AI" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(await screen.findByText("You're on the Freemium plan now.")).toBeInTheDocument();
    // Once, with the user's token and no card; never a write of the row from the browser.
    expect(checkout.calls).toEqual([
      { authorization: `Bearer ${makeSession().access_token}`, body: { tier: "Freemium" } },
    ]);
    expect(writes.writes).toEqual([]);
    // Every page sees Freemium at once (the backend still answers $10/month to a new read).
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
  });

  it("when the move back to Freemium fails, says so and stays on the paid plan", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    storeSession();
    const checkout = checkoutHandler({ status: 500, body: { error: "Payment failed. Please try again." } });
    server.use(subscriptionHandler("$30/month"), checkout.handler);
    const { router } = renderApp("/pricing");
    await findCards();

    await userEvent.setup().click(within(card("Freemium")).getByRole("button", { name: "Get Started" }));

    expect(await screen.findByText("Could not switch to Freemium. Please try again.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pricing");
    expect(within(card("Premium")).getByText("Current Plan")).toBeInTheDocument();
    expect(within(card("Freemium")).getByRole("button", { name: "Get Started" })).toBeEnabled();
    expect(checkout.calls).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith("Could not switch to Freemium", expect.anything());
  });

  it("a $30/month user can move to Basic through the payment page", async () => {
    storeSession();
    server.use(subscriptionHandler("$30/month"));
    const { router } = renderApp("/pricing");
    await findCards();
    expect(within(card("Premium")).getByRole("button", { name: "Your plan" })).toBeDisabled();
    await userEvent.setup().click(within(card("Basic")).getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("button", { name: "Pay $5" })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ plan: "$5/month", price: 5 });
  });

  it("shows a spinner while the current plan loads, then the cards", async () => {
    storeSession();
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, async () => {
        await delay(150);
        return HttpResponse.json([{ tier: "$5/month" }]);
      }),
    );
    renderApp("/pricing");
    expect(await screen.findByRole("status", { name: "Loading your plan" })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Plans" })).not.toBeInTheDocument();
    await findCards();
    expect(screen.queryByRole("status", { name: "Loading your plan" })).not.toBeInTheDocument();
    expect(within(card("Basic")).getByText("Current Plan")).toBeInTheDocument();
  });

  it("when the plan can't be loaded, logs it and still lets the user choose", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    storeSession();
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, () =>
        HttpResponse.json({ message: "boom", code: "XX000" }, { status: 500 }),
      ),
    );
    const { router } = renderApp("/pricing");
    const cards = await findCards();
    expect(cards).toHaveLength(4);
    expect(screen.queryByText("Current Plan")).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith("Could not load the current plan", expect.anything());
    await userEvent.setup().click(within(card("Premium")).getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByRole("button", { name: "Pay $30" })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ plan: "$30/month", price: 30 });
  });

  it("when the plan can't be loaded, Get Started asks the server and goes home even if already on Freemium", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    storeSession();
    const checkout = checkoutHandler({
      status: 409,
      body: { error: "You're already on the Freemium plan." },
    });
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, () =>
        HttpResponse.json({ message: "boom", code: "XX000" }, { status: 500 }),
      ),
      checkout.handler,
    );
    const { router } = renderApp("/pricing");
    await findCards();

    await userEvent.setup().click(within(card("Freemium")).getByRole("button", { name: "Get Started" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(checkout.calls.map((call) => call.body)).toEqual([{ tier: "Freemium" }]);
    expect(screen.queryByText("Could not switch to Freemium. Please try again.")).not.toBeInTheDocument();
  });

  it("works by keyboard: Enter on a focused Subscribe button", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp("/pricing");
    await findCards();
    const subscribe = within(card("Basic")).getByRole("button", { name: "Subscribe" });
    const user = userEvent.setup();
    subscribe.focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Pay $5" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment");
  });
});
