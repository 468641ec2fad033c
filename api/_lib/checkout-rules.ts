/**
 * What /api/checkout accepts and says: its messages, and the check of a request's plan and card by the
 * payment page's own rules (src/features/billing/card.ts), so the form and the server never disagree.
 */
import { HTTP_MESSAGES } from "./http.ts";
import type { CardDetails } from "./payments.ts";
// Relative paths, not "@/": vite.config.ts bundles api/ for the dev and start servers without the alias.
import { getTier, isTierId, TIER_IDS, type TierId } from "../../src/config/tiers.ts";
import {
  checkPayment,
  digitsOnly,
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  type PaymentField,
  type PaymentFields,
} from "../../src/features/billing/card.ts";

export const MESSAGES = {
  ...HTTP_MESSAGES,
  unknownTier: `The plan must be one of: ${TIER_IDS.join(", ")}.`,
  unauthorized: "Please log in to choose a plan.",
  tooManyAttempts: "Too many payment attempts. Please wait a minute and try again.",
  /** SPEC 8, for a declined card and for anything that failed on our side. */
  failed: "Payment failed. Please try again.",
  /** SPEC 8. */
  success: "Payment successful! Your subscription is now active.",
  freemium: "You're on the Freemium plan now.",
  inProgress: "A payment for your account is already being processed. Please wait a moment.",
} as const;

/** 409: nothing to buy. */
export function alreadyOnPlanMessage(tier: TierId): string {
  return `You're already on the ${getTier(tier).name} plan.`;
}

export type CheckoutInput = { tier: TierId; card: CardDetails | null };

export type CheckoutValidation =
  | { ok: true; input: CheckoutInput }
  | { ok: false; error: string; fields?: Partial<Record<PaymentField, string>> };

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Checks the parsed body: the plan, and for a paid plan the card by the payment page's rules
 * (checkPayment). The card's fields come back as digits, ready to charge.
 */
export function validateCheckout(body: unknown, now: Date = new Date()): CheckoutValidation {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, error: MESSAGES.notAnObject };
  }
  const { tier, card } = body as Record<string, unknown>;
  if (!isTierId(tier)) return { ok: false, error: MESSAGES.unknownTier };
  if (getTier(tier).price === 0) return { ok: true, input: { tier, card: null } };

  const raw = typeof card === "object" && card !== null && !Array.isArray(card) ? card : {};
  const { number, expiry, cvc, name } = raw as Record<string, unknown>;
  const fields: PaymentFields = {
    cardNumber: digitsOnly(text(number)),
    expiry: digitsOnly(text(expiry)),
    cvc: digitsOnly(text(cvc)),
    name: text(name).trim(),
  };
  const check = checkPayment(fields, now);
  if (!check.ok) {
    if (check.missing.length > 0) {
      const missing = Object.fromEntries(check.missing.map((field) => [field, PAYMENT_MESSAGES.missing]));
      return { ok: false, error: PAYMENT_MESSAGES.missing, fields: missing };
    }
    const first = PAYMENT_FIELDS.find((field) => check.errors[field]);
    return {
      ok: false,
      error: first ? (check.errors[first] ?? MESSAGES.failed) : MESSAGES.failed,
      fields: check.errors,
    };
  }
  return {
    ok: true,
    input: {
      tier,
      card: { number: fields.cardNumber, expiry: fields.expiry, cvc: fields.cvc, name: fields.name },
    },
  };
}
