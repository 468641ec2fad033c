import type { QueryClient } from "@tanstack/react-query";
import { getTier, hasFeature, type FeatureId, type TierId } from "@/config/tiers";
import { subscriptionQueryOptions } from "@/lib/subscription";
import { getUsedConversions } from "@/lib/usage";

/** What the user may do at the moment of an action (DESIGN "AI tools": fresh tier and remaining count). */
export type AllowanceCheck =
  | { ok: true; tier: TierId; limit: number; remaining: number }
  | { ok: false; reason: "signed-out" }
  | { ok: false; reason: "limit"; tier: TierId; limit: number; remaining: number; cost: number }
  | { ok: false; reason: "feature"; tier: TierId; feature: FeatureId }
  | { ok: false; reason: "error"; error: unknown };

export type AllowanceRequest = {
  userId: string | undefined;
  queryClient: QueryClient;
  /** Conversions the action will use when everything comes back (default 1; a batch asks for its size). */
  cost?: number;
  /** A feature gate the action needs (custom prompts, multiple versions). */
  feature?: FeatureId;
};

/**
 * Signed in, tier, remaining conversions and feature gate, read fresh: the plan from the
 * subscriptions row (cached for a minute, refetched when stale) and the usage from this browser's
 * meter, which another tab may have moved since the page was drawn.
 */
export async function checkAllowance(request: AllowanceRequest): Promise<AllowanceCheck> {
  const { userId, queryClient, feature } = request;
  const cost = Math.max(1, request.cost ?? 1);
  if (!userId) return { ok: false, reason: "signed-out" };
  let tier: TierId;
  try {
    tier = await queryClient.fetchQuery(subscriptionQueryOptions(userId));
  } catch (error) {
    return { ok: false, reason: "error", error };
  }
  const { limit } = getTier(tier);
  const remaining = Math.max(0, limit - getUsedConversions(userId));
  if (remaining < cost) return { ok: false, reason: "limit", tier, limit, remaining, cost };
  if (feature && !hasFeature(tier, feature)) return { ok: false, reason: "feature", tier, feature };
  return { ok: true, tier, limit, remaining };
}

/** The banner shown when the plan could not be read: nothing was sent and nothing counted. */
export const PLAN_CHECK_FAILURE = {
  message: "We couldn't check your plan",
  advice: "Check your internet connection and try again. Nothing was used from your conversions.",
} as const;
