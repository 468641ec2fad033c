/**
 * What the payment page's tests share: a valid test card, the page's toasts, /api/checkout served,
 * the page opened as the pricing page opens it, filling the card form, and the per-test setup.
 */
import { act, screen } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import { PAYMENT_CHECK_DELAY_MS } from "../../../api/_lib/payments";
import { checkoutHandler, subscriptionWritesHandler, type CheckoutReply } from "../../msw/checkout";
import { server } from "../../msw/server";
import { storeSession, subscriptionHandler } from "../../msw/supabase";
import { renderApp } from "../../utils";

export const VALID = { card: "4242424242424242", expiry: "1230", cvc: "123", name: "Ada Lovelace" };
export const FAILURE = "Payment failed. Please try again.";
export const SUCCESS = "Payment successful! Your subscription is now active.";

/** Every test starts on Freemium with real timers and no spies (call once at the top of a file). */
export function paymentTestSetup() {
  beforeEach(() => {
    server.use(subscriptionHandler(null));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** /api/checkout answering `reply` after the server's card check; and a watch on subscription writes. */
export function checkoutServer(reply?: CheckoutReply, delayMs = PAYMENT_CHECK_DELAY_MS) {
  const checkout = checkoutHandler(reply, { delayMs });
  const writes = subscriptionWritesHandler();
  server.use(checkout.handler, writes.handler);
  return { calls: checkout.calls, writes: writes.writes };
}

/** Signed in on Freemium, on /payment with what the pricing page sends for `plan`. */
export async function openPayment(state: unknown = { plan: "$10/month", price: 10 }) {
  storeSession();
  const view = renderApp("/pricing");
  await screen.findByRole("list", { name: "Plans" });
  await act(() => view.router.navigate("/payment", { state }));
  return view;
}

export function field(label: string) {
  return screen.getByLabelText(label);
}

export async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID>) {
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
