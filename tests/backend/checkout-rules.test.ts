/// <reference types="node" />
// The simulated payment provider (api/_lib/payments.ts) and the checkout's own validation of the
// plan and the card (api/_lib/checkout-rules.ts), without the backend.
import { MESSAGES, validateCheckout } from "../../api/checkout";
import { PAYMENT_CHECK_DELAY_MS, simulatedProvider, type ChargeInput } from "../../api/_lib/payments";
import { CARD_NUMBER, CARD } from "./checkout-helpers";

describe("the simulated provider (api/_lib/payments.ts)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const input = (number: string): ChargeInput => ({
    userId: "u",
    tier: "$5/month",
    amountCents: 500,
    currency: "usd",
    card: { ...CARD, number },
  });

  it("answers after the spec's 1.5 s: accepted for a good card, declined for 4000 0000 0000 0002", async () => {
    vi.useFakeTimers();
    const provider = simulatedProvider({ reference: () => "sim_ref" });
    const outcomes: unknown[] = [];
    void provider.charge(input(CARD_NUMBER)).then((outcome) => outcomes.push(outcome));
    void provider
      .charge(input("4000 0000 0000 0002".replace(/ /g, "")))
      .then((outcome) => outcomes.push(outcome));

    await vi.advanceTimersByTimeAsync(PAYMENT_CHECK_DELAY_MS - 1);
    expect(outcomes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcomes).toEqual([
      { ok: true, reference: "sim_ref" },
      { ok: false, reason: "declined" },
    ]);
    expect(PAYMENT_CHECK_DELAY_MS).toBe(1500);
  });
});

describe("validateCheckout", () => {
  const NOW = new Date(2026, 10, 24);

  it("keeps the digits of the number, expiry and CVC, as the form does, and trims the name", () => {
    expect(
      validateCheckout(
        {
          tier: "$5/month",
          card: { number: "4242-4242 4242 4242", expiry: "11/26", cvc: " 123", name: "  Ada " },
        },
        NOW,
      ),
    ).toEqual({
      ok: true,
      input: { tier: "$5/month", card: { number: CARD_NUMBER, expiry: "1126", cvc: "123", name: "Ada" } },
    });
  });

  it("accepts a card that expires this month and refuses last month's", () => {
    const card = (expiry: string) => ({ tier: "$5/month", card: { ...CARD, expiry } });
    expect(validateCheckout(card("1126"), NOW).ok).toBe(true);
    expect(validateCheckout(card("1026"), NOW)).toEqual({
      ok: false,
      error: "This card has expired.",
      fields: { expiry: "This card has expired." },
    });
  });

  it("treats card fields that are not text as missing, and ignores a card sent with Freemium", () => {
    expect(validateCheckout({ tier: "$5/month", card: { ...CARD, number: 4242424242424242 } }, NOW)).toEqual({
      ok: false,
      error: "Please fill out all fields",
      fields: { cardNumber: "Please fill out all fields" },
    });
    expect(validateCheckout({ tier: "Freemium", card: { number: "1" } }, NOW)).toEqual({
      ok: true,
      input: { tier: "Freemium", card: null },
    });
  });

  it.each([[null], ["Freemium"], [5], [[]]])("refuses a body of %j", (body) => {
    expect(validateCheckout(body, NOW)).toEqual({ ok: false, error: MESSAGES.notAnObject });
  });
});
