/** Subscription tiers and monthly conversion limits (SPEC section 6 and 9). The one table for both. */
export const TIER_IDS = ["Freemium", "$5/month", "$10/month", "$30/month"] as const;
export type TierId = (typeof TIER_IDS)[number];

export type Tier = {
  id: TierId;
  /** Displayed plan name. */
  name: string;
  /** Price in US dollars per month. */
  price: number;
  /** Conversions per calendar month. */
  limit: number;
};

export const TIERS: readonly Tier[] = [
  { id: "Freemium", name: "Freemium", price: 0, limit: 3 },
  { id: "$5/month", name: "Basic", price: 5, limit: 20 },
  { id: "$10/month", name: "Standard", price: 10, limit: 40 },
  { id: "$30/month", name: "Premium", price: 30, limit: 130 },
];

export const DEFAULT_TIER: TierId = "Freemium";

/** Feature gates (SPEC 6): custom prompts need $5/month, multiple transformations (recreate) $10/month. */
export const CUSTOM_TRANSFORM_TIER: TierId = "$5/month";
export const MULTIPLE_VERSIONS_TIER: TierId = "$10/month";

export function getTier(id: TierId): Tier {
  const tier = TIERS.find((t) => t.id === id);
  if (!tier) throw new Error(`Unknown tier ${id}`);
  return tier;
}

export function isTierId(value: unknown): value is TierId {
  return typeof value === "string" && (TIER_IDS as readonly string[]).includes(value);
}

/** True when `tier` is at least `required` in the order of TIERS. */
export function tierAtLeast(tier: TierId, required: TierId): boolean {
  return TIER_IDS.indexOf(tier) >= TIER_IDS.indexOf(required);
}
