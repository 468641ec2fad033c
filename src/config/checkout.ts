/**
 * The /api/checkout contract, one copy for the handler (api/checkout.ts) and the payment page's client
 * (features/billing/api.ts): what is sent, what a completed checkout answers and what a refusal says.
 */
import type { TierId } from "./tiers";

export const CHECKOUT_ENDPOINT = "/api/checkout";

/** A paid plan's card, as typed in the payment form (the handler drops non-digits itself). */
export type CheckoutCard = { number: string; expiry: string; cvc: string; name: string };

/** A paid plan takes a card; Freemium takes none. */
export type CheckoutBody = { tier: TierId; card?: CheckoutCard };

/** 200: the caller is on `tier` now. paymentId is null for Freemium (nothing was charged). */
export type CheckoutSuccess = { ok: true; tier: TierId; paymentId: string | null; message: string };

/**
 * Any other status. `fields` (400) maps each wrong card field of the payment form (cardNumber, expiry,
 * cvc, name) to its message.
 */
export type CheckoutRefusal = { error: string; fields?: Partial<Record<string, string>> };
