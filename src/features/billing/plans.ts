/** What the pricing and payment pages say about a plan, and the plan handed from one to the other. */
import {
  CUSTOM_TRANSFORM_TIER,
  DEFAULT_TIER,
  FEATURE_GATES,
  getTier,
  isTierId,
  MULTIPLE_VERSIONS_TIER,
  TIERS,
  type Tier,
  type TierId,
} from "@/config/tiers";
import type { GateReturn } from "@/lib/creations";

/**
 * What every plan card lists (SPEC 2.7): the same features on each. Some need a higher plan (SPEC 6:
 * custom prompts need $5/month, multiple transformations $10/month; issue 28: 2K images $10/month, 4K
 * images $30/month); the card says so instead of promising what the tools would refuse.
 */
export const PLAN_FEATURES: readonly { label: string; from?: TierId }[] = [
  { label: "All app features" },
  { label: "Full access to all styles" },
  { label: "Custom transformations", from: CUSTOM_TRANSFORM_TIER },
  { label: "Multiple variations", from: MULTIPLE_VERSIONS_TIER },
  { label: "2K images", from: FEATURE_GATES.size2K.tier },
  { label: "4K images", from: FEATURE_GATES.size4K.tier },
  { label: "Visual poetry" },
  { label: "Animation features" },
  { label: "Batch processing" },
];

/** "Free" or "$10". */
export function formatPrice(price: number): string {
  return price === 0 ? "Free" : `$${price}`;
}

/** "40 converts per month". */
export function convertsLine(tier: Tier): string {
  return `${tier.limit} converts per month`;
}

/** The paid plan the pricing page puts forward: enough conversions to play, and every feature. */
export const RECOMMENDED_TIER: TierId = MULTIPLE_VERSIONS_TIER;

/** "Free" or "$10/mo", for the compact summary. */
export function shortPrice(tier: Tier): string {
  return tier.price === 0 ? "Free" : `$${tier.price}/mo`;
}

/** The paid plans, the ones the payment page sells. */
export const PAID_TIERS: readonly Tier[] = TIERS.filter((tier) => tier.id !== DEFAULT_TIER);

/**
 * What the pricing page hands to /payment in the navigation state; `returnTo` when a gate sent the
 * person to Pricing (paying brings them back there).
 */
export type PaymentState = { plan: TierId; price: number; returnTo?: GateReturn };

export function paymentStateFor(tier: Tier, returnTo?: GateReturn | null): PaymentState {
  return { plan: tier.id, price: tier.price, ...(returnTo ? { returnTo } : {}) };
}

/**
 * The plan the payment page was sent to sell, or null when the state is missing or not one the
 * pricing page makes (an unknown plan, Freemium, or a price that is not the plan's).
 */
export function planFromPaymentState(state: unknown): Tier | null {
  if (typeof state !== "object" || state === null) return null;
  const { plan, price } = state as { plan?: unknown; price?: unknown };
  if (!isTierId(plan) || plan === DEFAULT_TIER) return null;
  const tier = getTier(plan);
  return price === tier.price ? tier : null;
}
