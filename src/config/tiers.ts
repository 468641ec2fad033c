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

/**
 * Feature gates (SPEC 6): custom prompts need $5/month, multiple transformations (recreate, and more
 * than one result per run) $10/month; 2K images $10/month, 4K images $30/month (issue 28).
 * The one place for these rules: the sidebar, the tools (through lib/allowance) and the help and
 * pricing pages read the tier and the message from here.
 */
export type FeatureId = "custom" | "multipleVersions" | "size2K" | "size4K";

export type FeatureGate = {
  id: FeatureId;
  /** The lowest tier that has the feature. */
  tier: TierId;
  /** What the feature is called in messages ("Custom transformations"). */
  name: string;
  /** Whether a refusal also sends the visitor to /pricing (SPEC 2.1: Convert Anything does). */
  sendsToPricing: boolean;
};

export const FEATURE_GATES: Readonly<Record<FeatureId, FeatureGate>> = {
  custom: { id: "custom", tier: "$5/month", name: "Custom transformations", sendsToPricing: true },
  multipleVersions: {
    id: "multipleVersions",
    tier: "$10/month",
    name: "Multiple transformations",
    sendsToPricing: false,
  },
  size2K: { id: "size2K", tier: "$10/month", name: "2K images", sendsToPricing: false },
  size4K: { id: "size4K", tier: "$30/month", name: "4K images", sendsToPricing: false },
};

export const CUSTOM_TRANSFORM_TIER: TierId = FEATURE_GATES.custom.tier;
export const MULTIPLE_VERSIONS_TIER: TierId = FEATURE_GATES.multipleVersions.tier;

/** SPEC 8: "Custom transformations require a $5/month subscription". */
export function gateMessage(feature: FeatureId): string {
  const gate = FEATURE_GATES[feature];
  return `${gate.name} require a ${gate.tier} subscription`;
}

/** Whether `tier` has `feature`. */
export function hasFeature(tier: TierId, feature: FeatureId): boolean {
  return tierAtLeast(tier, FEATURE_GATES[feature].tier);
}

/** SPEC 8 "Gates and limits": the limit toast. */
export const LIMIT_REACHED_MESSAGE = "You've used all your free conversions for this month";
/** SPEC 8 "Gates and limits": the sign-in toast. */
export const LOGIN_REQUIRED_MESSAGE = "Please log in to access features";
/** Gate toasts last 5 seconds (SPEC 9). */
export const GATE_TOAST_MS = 5000;

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
