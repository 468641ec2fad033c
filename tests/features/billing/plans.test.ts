// The plans as the pricing and payment pages show them (features/billing/plans.ts).
import { describe, expect, it } from "vitest";
import { TIERS } from "@/config/tiers";
import {
  convertsLine,
  formatPrice,
  PAID_TIERS,
  paymentStateFor,
  planFromPaymentState,
} from "@/features/billing/plans";

describe("plan wording", () => {
  it('shows prices as "Free" and "$N"', () => {
    expect(TIERS.map((t) => formatPrice(t.price))).toEqual(["Free", "$5", "$10", "$30"]);
  });

  it('says "N converts per month" from the tier limits', () => {
    expect(TIERS.map(convertsLine)).toEqual([
      "3 converts per month",
      "20 converts per month",
      "40 converts per month",
      "130 converts per month",
    ]);
  });
});

describe("planFromPaymentState", () => {
  it.each(PAID_TIERS)("accepts what the pricing page sends for $id", (tier) => {
    expect(planFromPaymentState(paymentStateFor(tier))).toBe(tier);
  });

  it.each([
    ["no state", null],
    ["undefined", undefined],
    ["a string", "$10/month"],
    ["an unknown plan", { plan: "$99/month", price: 99 }],
    ["Freemium (nothing to pay)", { plan: "Freemium", price: 0 }],
    ["a price that is not the plan's", { plan: "$10/month", price: 1 }],
    ["a price as text", { plan: "$10/month", price: "10" }],
    ["no price", { plan: "$10/month" }],
  ])("refuses %s", (_label, state) => {
    expect(planFromPaymentState(state)).toBeNull();
  });
});
