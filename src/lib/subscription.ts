/** The signed-in user's plan, read from their own `subscriptions` row. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { DEFAULT_TIER, isTierId, type TierId } from "@/config/tiers";
import { getSupabase } from "@/lib/supabase";
import { useUser } from "@/lib/auth";

/** The signed-in user's tier from their `subscriptions` row; no row means Freemium. */
export async function fetchSubscriptionTier(userId: string): Promise<TierId> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("subscriptions")
    .select("tier")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  // The column is text (its check constraint names the plans): narrowed to the plans the app knows.
  return data && isTierId(data.tier) ? data.tier : DEFAULT_TIER;
}

export const subscriptionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["subscription", userId],
    queryFn: () => fetchSubscriptionTier(userId),
    staleTime: 60_000,
    // supabase-js already retries a failed read (network error, 503) with backoff: no second layer.
    retry: false,
  });

/** The current user's tier (undefined while loading or when signed out). */
export function useSubscriptionTier() {
  const user = useUser();
  return useQuery({
    ...subscriptionQueryOptions(user?.id ?? "anonymous"),
    enabled: Boolean(user),
  });
}
