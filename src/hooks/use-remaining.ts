/** The signed-in user's remaining conversions this month, for the counter and the tool gate. */
import { useQuery } from "@tanstack/react-query";
import { getTier } from "@/config/tiers";
import { useUser } from "@/lib/auth";
import { useSubscriptionTier } from "@/lib/subscription";
import { serverUsageQueryOptions, useUsedConversions } from "@/lib/usage";

export type Remaining =
  | { status: "loading" }
  | { status: "error"; error: unknown }
  | { status: "ready"; current: number; limit: number; used: number };

/**
 * Remaining = the tier's monthly limit minus this user's successful conversions this month: counted in
 * this browser in client mode; in hosted mode counted by the server (the user's `usage` row, kept up to
 * date by each answer of the proxy), plus what the visitor's own key made in this browser.
 */
export function useRemainingConversions(): Remaining {
  const user = useUser();
  const tier = useSubscriptionTier();
  const hosted = import.meta.env.VITE_AI_MODE === "hosted";
  const server = useQuery({
    ...serverUsageQueryOptions(user?.id ?? "anonymous"),
    enabled: hosted && Boolean(user),
  });
  const inBrowser = useUsedConversions(user?.id);
  if (tier.isPending || (hosted && server.isPending)) return { status: "loading" };
  if (tier.isError) return { status: "error", error: tier.error };
  if (hosted && server.isError) return { status: "error", error: server.error };
  const { limit } = getTier(tier.data);
  const used = inBrowser + (hosted ? (server.data ?? 0) : 0);
  return { status: "ready", current: Math.max(0, limit - used), limit, used };
}
