/** The plan a feature needs, when the signed-in person's plan lacks it (the plan badge's rule). */
import { FEATURE_GATES, hasFeature, type FeatureId, type TierId } from "@/config/tiers";
import { useSubscriptionTier } from "@/lib/subscription";

/**
 * The lowest plan with `feature` while the person's plan (once read) lacks it; null when their plan has
 * it, and while it is not known yet (signed out, or still loading): a badge is never shown in doubt.
 */
export function useNeededPlan(feature: FeatureId): TierId | null {
  const tier = useSubscriptionTier().data;
  if (!tier || hasFeature(tier, feature)) return null;
  return FEATURE_GATES[feature].tier;
}
