import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_CHECK_DELAY_MS } from "../../../api/_lib/payments";
import { checkoutHandler, subscriptionWritesHandler, type CheckoutReply } from "../../msw/checkout";
import { server } from "../../msw/server";
import { makeSession, storeSession, subscriptionHandler } from "../../msw/supabase";
import { renderApp } from "../../utils";

const VALID = { card: "4242424242424242", expiry: "1230", cvc: "123", name: "Ada Lovelace" };
const FAILURE = "Payment failed. Please try again.";
const SUCCESS = "Payment successful! Your subscription is now active.";

/** /api/checkout answering `reply` after the server's card check; and a watch on subscription writes. */
function checkoutServer(reply?: CheckoutReply, delayMs = PAYMENT_CHECK_DELAY_MS) {
  const checkout = checkoutHandler(reply, { delayMs });
  const writes = subscriptionWritesHandler();
  server.use(checkout.handler, writes.handler);
  return { calls: checkout.calls, writes: writes.writes };
}

/** Signed in on Freemium, on /payment with what the pricing page sends for `plan`. */
async function openPayment(state: unknown = { plan: "$10/month", price: 10 }) {
  storeSession();
  const view = renderApp("/pricing");
  await screen.findByRole("list", { name: "Plans" });
  await act(() => view.router.navigate("/payment", { state }));
  return view;
}

function field(label: string) {
  return screen.getByLabelText(label);
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID>) {
  const entries: [string, string | undefined][] = [
    ["Card number", values.card],
    ["Expiry (MM/YY)", values.expiry],
    ["CVC", values.cvc],
    ["Name on card", values.name],
  ];
  for (const [label, value] of entries) {
    if (value === undefined) continue;
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

beforeEach(() => {
  server.use(subscriptionHandler(null));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("reaching the payment page", () => {
  it("without a plan sends the visitor to /pricing", async () => {
    storeSession();
    const { router } = renderApp("/payment");
    expect(await screen.findByRole("heading", { level: 1, name: "Pricing" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pricing");
  });

  it.each([
    ["Freemium (nothing to pay)", { plan: "Freemium", price: 0 }],
    ["an unknown plan", { plan: "$1/month", price: 1 }],
    ["a price that is not the plan's", { plan: "$30/month", price: 3 }],
  ])("with %s sends the visitor to /pricing", async (_label, state) => {
    const { router } = await openPayment(state);
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(screen.getByRole("heading", { level: 1, name: "Pricing" })).toBeInTheDocument();
  });

  it("signed out, goes to the login screen first", async () => {
    const { router } = renderApp("/payment");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?redirect=%2Fpayment");
  });

  it("shows the title, the order summary, the demo note and the four labelled card fields", async () => {
    await openPayment({ plan: "$30/month", price: 30 });
    expect(await screen.findByRole("heading", { level: 1, name: "Complete Payment" })).toBeInTheDocument();
    const summary = screen.getByRole("heading", { name: "Order summary" }).closest("[data-slot=card]");
    expect(summary).toHaveTextContent("Premium ($30/month)");
    expect(summary).toHaveTextContent("130 converts per month");
    expect(summary).toHaveTextContent("$30 per month");
    expect(screen.getByText(/No real payment is made and no card is charged\./)).toBeInTheDocument();
    const expected = [
      ["Card number", "cc-number", "numeric"],
      ["Expiry (MM/YY)", "cc-exp", "numeric"],
      ["CVC", "cc-csc", "numeric"],
      ["Name on card", "cc-name", null],
    ] as const;
    for (const [label, autocomplete, inputMode] of expected) {
      const input = field(label);
      expect(input).toHaveAttribute("autocomplete", autocomplete);
      if (inputMode) expect(input).toHaveAttribute("inputmode", inputMode);
      expect(input).toBeRequired();
    }
    expect(screen.getByRole("button", { name: "Pay $30" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Choose another plan" })).toHaveAttribute("href", "/pricing");
  });

  it("tells a user already on that plan there is nothing to pay", async () => {
    server.use(subscriptionHandler("$10/month"));
    await openPayment();
    expect(await screen.findByRole("heading", { name: "You're already on Standard" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay $10" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Pricing" })).toHaveAttribute("href", "/pricing");
  });
});

describe("card fields", () => {
  it("the card number keeps digits only, at most 16, shown in groups of four", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.type(field("Card number"), "4242-4242 abcd 4242.4242 9999");
    expect(field("Card number")).toHaveValue("4242 4242 4242 4242");
    await user.clear(field("Card number"));
    await user.paste("4111 1111 1111 1111 22");
    expect(field("Card number")).toHaveValue("4111 1111 1111 1111");
  });

  it("the expiry keeps digits only, at most 4, with a slash after the first two", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    const expiry = field("Expiry (MM/YY)");
    await user.type(expiry, "1");
    expect(expiry).toHaveValue("1");
    await user.type(expiry, "2");
    expect(expiry).toHaveValue("12");
    await user.type(expiry, "/x3");
    expect(expiry).toHaveValue("12/3");
    await user.type(expiry, "099");
    expect(expiry).toHaveValue("12/30");
    await user.type(expiry, "{Backspace}{Backspace}");
    expect(expiry).toHaveValue("12");
  });

  it("the CVC keeps digits only, at most 3", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.type(field("CVC"), "1a2b345");
    expect(field("CVC")).toHaveValue("123");
  });

  it("deleting in the middle of the card number keeps the caret where it was", async () => {
    await openPayment();
    const user = userEvent.setup({ delay: null });
    const card = field("Card number") as HTMLInputElement;
    await user.type(card, "42424242");
    expect(card).toHaveValue("4242 4242");
    // Caret after the 6th digit ("4242 42|42"); Backspace removes that digit and the rest moves up.
    card.setSelectionRange(7, 7);
    await user.keyboard("{Backspace}");
    expect(card).toHaveValue("4242 442");
    expect(card.selectionStart).toBe(6);
    await user.keyboard("9");
    expect(card).toHaveValue("4242 4942");
    expect(card.selectionStart).toBe(7);
    // Across a group boundary: typing after the 4th digit lands after the space.
    card.setSelectionRange(4, 4);
    await user.keyboard("1");
    expect(card).toHaveValue("4242 1494 2");
    expect(card.selectionStart).toBe(6);
  });
});

describe("sending the form", () => {
  it.each([
    ["every field empty", {}],
    ["no card number", { ...VALID, card: "" }],
    ["no expiry", { ...VALID, expiry: "" }],
    ["no CVC", { ...VALID, cvc: "" }],
    ["a name of only spaces", { ...VALID, name: "   " }],
  ])('with %s says "Please fill out all fields" and sends nothing', async (_label, values) => {
    const { calls } = checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await fill(user, values);
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay $10" })).toBeEnabled();
    expect(calls).toHaveLength(0);
  });

  it("puts the cursor in the first empty field", async () => {
    checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await fill(user, { card: VALID.card, expiry: VALID.expiry });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(field("CVC")).toHaveFocus();
  });

  it.each([
    [
      "a card number of 15 digits",
      { card: "424242424242424" },
      "Card number",
      "Check the card number: it should be 16 digits.",
    ],
    [
      "a card number failing the Luhn check",
      { card: "4242424242424241" },
      "Card number",
      "This card number isn't valid. Check it and try again.",
    ],
    ["an expiry of 3 digits", { expiry: "123" }, "Expiry (MM/YY)", "Enter the expiry as MM/YY."],
    ["month 13", { expiry: "1330" }, "Expiry (MM/YY)", "Enter the expiry as MM/YY."],
    ["month 00", { expiry: "0030" }, "Expiry (MM/YY)", "Enter the expiry as MM/YY."],
    ["an expiry in the past", { expiry: "0120" }, "Expiry (MM/YY)", "This card has expired."],
    ["a CVC of 2 digits", { cvc: "12" }, "CVC", "Check the CVC: it should be 3 digits."],
  ])(
    "with %s explains what is wrong next to the field and sends nothing",
    async (_label, change, label, message) => {
      const { calls } = checkoutServer();
      await openPayment();
      const user = userEvent.setup({ delay: null });
      await fill(user, { ...VALID, ...change });
      await user.click(screen.getByRole("button", { name: "Pay $10" }));
      const input = field(label);
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(message);
      expect(input).toHaveFocus();
      expect(screen.getAllByText(/^(Check|This card|Enter the expiry)/)).toHaveLength(1);
      expect(calls).toHaveLength(0);
      // Correcting the field clears its message.
      await user.type(input, "{Backspace}");
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      expect(input).not.toHaveAttribute("aria-invalid");
    },
  );

  it("shows every wrong field's message at once", async () => {
    checkoutServer();
    await openPayment();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    await fill(user, { card: "1234567812345678", expiry: "0120", cvc: "1", name: "Ada" });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(screen.getByText("This card number isn't valid. Check it and try again.")).toBeInTheDocument();
    expect(screen.getByText("This card has expired.")).toBeInTheDocument();
    expect(screen.getByText("Check the CVC: it should be 3 digits.")).toBeInTheDocument();
    expect(field("Card number")).toHaveFocus();
    // The form is complete now: the earlier "fill out all fields" complaint is gone.
    await waitFor(() => expect(screen.queryByText("Please fill out all fields")).not.toBeInTheDocument());
  });
});

describe("paying", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "Date"] });
  });

  async function pay(plan = { plan: "$10/month", price: 10 }) {
    const view = await openPayment(plan);
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await fill(user, VALID);
    await user.click(screen.getByRole("button", { name: `Pay $${plan.price}` }));
    return { ...view, user };
  }

  it("shows Processing... while the server checks the card, then takes the user home on the new plan", async () => {
    const { calls, writes } = checkoutServer();
    const { router } = await openPayment();
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole("button", { name: "Pay $10" }));
    expect(await screen.findByText("Please fill out all fields")).toBeInTheDocument();
    await fill(user, VALID);
    await user.click(screen.getByRole("button", { name: "Pay $10" }));

    const processing = screen.getByRole("button", { name: "Processing..." });
    expect(processing).toBeDisabled();
    // The details stay on screen, read-only, while the payment runs.
    expect(field("Card number")).toHaveAttribute("readonly");
    expect(field("Card number")).toHaveValue("4242 4242 4242 4242");
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS - 100));
    expect(screen.getByRole("button", { name: "Processing..." })).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    // The earlier complaint went away once the form was complete (after sonner's exit animation).
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByText("Please fill out all fields")).not.toBeInTheDocument();
    // One request to the server, with the user's own token and the card's digits; no write of the
    // subscription from the browser.
    expect(calls).toEqual([
      {
        authorization: `Bearer ${makeSession().access_token}`,
        body: {
          tier: "$10/month",
          card: { number: "4242424242424242", expiry: "1230", cvc: "123", name: "Ada Lovelace" },
        },
      },
    ]);
    expect(writes).toEqual([]);
    // The home page reads the new plan at once (the backend still answers Freemium to a new read).
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent(
      "Remaining conversions: 40 / 40",
    );
    // Back on pricing the badge has moved.
    await act(() => router.navigate("/pricing"));
    const standard = await screen.findByRole("listitem", { name: "Standard" });
    expect(within(standard).getByText("Current Plan")).toBeInTheDocument();
  });

  it("a double click pays once", async () => {
    const { calls } = checkoutServer();
    await openPayment({ plan: "$5/month", price: 5 });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await fill(user, VALID);
    await user.dblClick(screen.getByRole("button", { name: "Pay $5" }));
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ tier: "$5/month" });
  });

  it.each<[string, CheckoutReply]>([
    ["the card is declined (402)", { status: 402, body: { error: FAILURE } }],
    ["the server fails (500)", { status: 500, body: { error: FAILURE } }],
    ["the answer is not JSON (502)", { status: 502, body: "Bad Gateway" }],
    ["the network fails", "network-error"],
  ])('when %s says "Payment failed. Please try again." and keeps the form', async (_label, reply) => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { calls, writes } = checkoutServer(reply);
    const { router } = await pay();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS));
    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment");
    expect(calls).toHaveLength(1);
    expect(writes).toEqual([]);
    expect(field("Card number")).toHaveValue("4242 4242 4242 4242");
    expect(field("Expiry (MM/YY)")).toHaveValue("12/30");
    expect(field("CVC")).toHaveValue("123");
    expect(field("Name on card")).toHaveValue("Ada Lovelace");
    expect(screen.getByRole("button", { name: "Pay $10" })).toBeEnabled();
    expect(logged).toHaveBeenCalledWith("Payment failed", expect.anything());
    // What was logged never holds the card number.
    expect(
      JSON.stringify(logged.mock.calls, (_key, value: unknown) =>
        value instanceof Error ? String(value) : value,
      ),
    ).not.toContain(VALID.card);
  });

  it("shows a card field the server refused next to that field, and no failure toast", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // Say the server's month has already turned while the browser's has not.
    checkoutServer({
      status: 400,
      body: { error: "This card has expired.", fields: { expiry: "This card has expired." } },
    });
    const { router } = await pay();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS));

    const expiry = field("Expiry (MM/YY)");
    await waitFor(() => expect(expiry).toHaveAttribute("aria-invalid", "true"));
    expect(expiry).toHaveAccessibleDescription("This card has expired.");
    expect(expiry).toHaveFocus();
    expect(field("Card number")).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/payment");
    expect(screen.getByRole("button", { name: "Pay $10" })).toBeEnabled();
  });

  it("when the user is already on the plan (paid in another tab), says so instead of charging", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    checkoutServer({ status: 409, body: { error: "You're already on the Standard plan." } });
    await pay();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS));

    expect(await screen.findByRole("heading", { name: "You're already on Standard" })).toBeInTheDocument();
    expect(screen.getByText("You're already on the Standard plan.")).toBeInTheDocument();
    expect(screen.queryByText(FAILURE)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay $10" })).not.toBeInTheDocument();
  });

  it("when there were too many attempts, says the payment failed and why", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    checkoutServer({
      status: 429,
      body: { error: "Too many payment attempts. Please wait a minute and try again." },
    });
    await pay();
    await act(() => vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS));

    expect(await screen.findByText(FAILURE)).toBeInTheDocument();
    expect(
      screen.getByText("Too many payment attempts. Please wait a minute and try again."),
    ).toBeInTheDocument();
  });
});
