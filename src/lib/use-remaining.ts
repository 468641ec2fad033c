import { getTier } from "@/config/tiers";
import { useUser } from "@/lib/auth";
import { useSubscriptionTier } from "@/lib/subscription";
import { useUsedConversions } from "@/lib/usage";

export type Remaining =
  | { status: "loading" }
  | { status: "error"; error: unknown }
  | { status: "ready"; current: number; limit: number; used: number };

/** Remaining = the tier's monthly limit minus this user's successful conversions this month. */
export function useRemainingConversions(): Remaining {
  const user = useUser();
  const tier = useSubscriptionTier();
  const used = useUsedConversions(user?.id);
  if (tier.isPending) return { status: "loading" };
  if (tier.isError) return { status: "error", error: tier.error };
  const { limit } = getTier(tier.data);
  return { status: "ready", current: Math.max(0, limit - used), limit, used };
}
