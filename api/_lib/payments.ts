/**
 * The payment provider behind POST /api/checkout: one small interface, so a real provider (Stripe
 * Checkout and its webhook, say) can take the simulated one's place without touching the handler.
 *
 * The simulated provider (SPEC 1: "Payment is simulated only. No real charge is made.") takes the
 * spec's 1.5 s for its check (SPEC 4.5, 9), then accepts every card that passed the form's rules except
 * the well-known test decline card 4000 0000 0000 0002, which it declines as a bank would.
 *
 * What a provider is given is what a charge needs and nothing is kept: the handler stores only the
 * reference it answers and the card's last four digits (supabase/migrations: payments).
 */

/** How long the simulated check takes (SPEC 4.5 and 9: 1500 ms). */
export const PAYMENT_CHECK_DELAY_MS = 1500;

/** The test card every provider declines ("generic decline"). */
export const DECLINED_TEST_CARD = "4000000000000002";

/** A card that passed the form's rules: digits only, expiry as MMYY. */
export type CardDetails = { number: string; expiry: string; cvc: string; name: string };

export type ChargeInput = {
  /** Whom the charge is for (a provider's customer reference, never shown to them). */
  userId: string;
  /** The plan bought, as a description on the statement. */
  tier: string;
  /** The plan's price, in US cents (more than 0). */
  amountCents: number;
  currency: "usd";
  card: CardDetails;
};

export type ChargeResult = { ok: true; reference: string } | { ok: false; reason: "declined" };

export interface PaymentProvider {
  /** Stored with each payment (payments.provider). */
  readonly name: string;
  /** Charges the card once. A refusal by the bank is `{ ok: false }`; a provider failure throws. */
  charge(input: ChargeInput): Promise<ChargeResult>;
}

/** Waits `ms` milliseconds (a real timer; tests pass their own wait or fake timers). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type SimulatedProviderOptions = {
  /** The check's duration; PAYMENT_CHECK_DELAY_MS by default. */
  delayMs?: number;
  /** How to wait; `wait` by default. */
  sleep?: (ms: number) => Promise<void>;
  /** The reference of an accepted charge; a random `sim_...` by default. */
  reference?: () => string;
};

/** The demo's provider: no money moves, the outcome comes after the spec's delay. */
export function simulatedProvider(options: SimulatedProviderOptions = {}): PaymentProvider {
  const delayMs = options.delayMs ?? PAYMENT_CHECK_DELAY_MS;
  const sleep = options.sleep ?? wait;
  const reference = options.reference ?? (() => `sim_${crypto.randomUUID()}`);
  return {
    name: "simulated",
    async charge({ card }) {
      await sleep(delayMs);
      if (card.number === DECLINED_TEST_CARD) return { ok: false, reason: "declined" };
      return { ok: true, reference: reference() };
    },
  };
}
