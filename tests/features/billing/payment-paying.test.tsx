// Paying on the payment page: the server's check of the card, success, refusals and failures.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_CHECK_DELAY_MS } from "../../../api/_lib/payments";
import type { CheckoutReply } from "../../msw/checkout";
import { makeSession } from "../../msw/supabase";
import {
  checkoutServer,
  FAILURE,
  field,
  fill,
  openPayment,
  paymentTestSetup,
  SUCCESS,
  VALID,
} from "./payment-kit";

paymentTestSetup();

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
