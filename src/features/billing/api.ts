import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isTierId, type TierId } from "@/config/tiers";
import { getSupabase } from "@/lib/supabase";
import { subscriptionQueryOptions } from "@/lib/subscription";

/** How long the simulated card check takes (SPEC 4.5, 9). */
export const PAYMENT_CHECK_DELAY_MS = 1500;

export type CompletePaymentInput = { userId: string; tier: TierId };

/** Payment is simulated (SPEC 1): no card leaves the browser, the "bank" answers after a delay. */
function simulatePaymentCheck(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, PAYMENT_CHECK_DELAY_MS));
}

/**
 * Puts the user on `tier`: their own `subscriptions` row, written with their own token (row-level
 * security lets a user write only their row). Answers the tier the database now holds.
 */
export async function saveSubscription({ userId, tier }: CompletePaymentInput): Promise<TierId> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("subscriptions")
    .upsert({ user_id: userId, tier, updated_at: new Date().toISOString() })
    .select("tier");
  if (error) throw error;
  const saved: unknown = data[0]?.tier;
  if (!isTierId(saved)) throw new Error(`The subscription was saved with an unknown tier: ${String(saved)}`);
  return saved;
}

async function completePayment(input: CompletePaymentInput): Promise<TierId> {
  await simulatePaymentCheck();
  return saveSubscription(input);
}

/** The simulated check, then the new tier, which every page reading the subscription sees at once. */
export function useCompletePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["billing", "complete-payment"],
    mutationFn: completePayment,
    retry: false,
    onSuccess: (tier, { userId }) => {
      queryClient.setQueryData(subscriptionQueryOptions(userId).queryKey, tier);
    },
  });
}
