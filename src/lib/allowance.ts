/**
 * What the user may do at the moment of an AI action (signed in, plan, remaining conversions, feature
 * gate, read fresh; offline, as last read), and keeping the server's count in step around a hosted run.
 */
import type { QueryClient } from "@tanstack/react-query";
import { getTier, hasFeature, type FeatureId, type TierId } from "@/config/tiers";
import { isOnline, unlessOffline } from "@/lib/connection";
import { subscriptionQueryOptions } from "@/lib/subscription";
import { getUsedConversions, onServerUsage, serverUsageQueryOptions } from "@/lib/usage";
import { announce } from "@/lib/announce";

/**
 * What the user may do at the moment of an action (docs/architecture.md "AI tools": fresh tier and
 * remaining count).
 */
export type AllowanceCheck =
  | { ok: true; tier: TierId; limit: number; remaining: number }
  /**
   * Offline with nothing read yet (a page opened offline): what needs no connection (showing a photo)
   * goes ahead; an AI run is refused by its own connection check (hooks/use-ai-run.ts).
   */
  | { ok: true; offline: true }
  | { ok: false; reason: "signed-out" }
  | { ok: false; reason: "limit"; tier: TierId; limit: number; remaining: number; cost: number }
  | { ok: false; reason: "feature"; tier: TierId; feature: FeatureId }
  | { ok: false; reason: "error"; error: unknown };

export type AllowanceRequest = {
  userId: string | undefined;
  queryClient: QueryClient;
  /** Conversions the action will use when everything comes back (default 1; a batch asks for its size). */
  cost?: number;
  /** The feature gates the action needs (custom prompts, multiple versions, a 2K or 4K size). */
  feature?: FeatureId | readonly FeatureId[];
};

/**
 * Signed in, tier, remaining conversions and feature gate, read fresh: the plan from the
 * subscriptions row (cached for a minute, refetched when stale) and the usage from this browser's
 * meter, which another tab may have moved since the page was drawn. In hosted mode the server's count
 * is the authority: the user's `usage` row is read again now, and what the visitor's own key made
 * (counted in this browser, see countedByServer) comes on top.
 */
export async function checkAllowance(request: AllowanceRequest): Promise<AllowanceCheck> {
  const { userId, queryClient } = request;
  if (!userId) return { ok: false, reason: "signed-out" };
  let read: [TierId, number] | null = null;
  if (isOnline()) {
    try {
      // Offline meanwhile, the cache pauses these reads until the connection is back: not waited for.
      read = await unlessOffline(
        Promise.all([
          queryClient.fetchQuery(subscriptionQueryOptions(userId)),
          import.meta.env.VITE_AI_MODE === "hosted"
            ? queryClient.fetchQuery({ ...serverUsageQueryOptions(userId), staleTime: 0 })
            : 0,
        ]),
      );
    } catch (error) {
      if (isOnline()) return { ok: false, reason: "error", error };
    }
  }
  return read ? decide(request, userId, ...read) : fromCache(request, userId);
}

/**
 * Offline: the plan and the server's count as last read (the browser's own meter is always at hand);
 * nothing read yet lets what needs no connection go ahead.
 */
function fromCache(request: AllowanceRequest, userId: string): AllowanceCheck {
  const { queryClient } = request;
  const tier = queryClient.getQueryData(subscriptionQueryOptions(userId).queryKey);
  const serverUsed =
    import.meta.env.VITE_AI_MODE === "hosted"
      ? queryClient.getQueryData(serverUsageQueryOptions(userId).queryKey)
      : 0;
  if (tier === undefined || serverUsed === undefined) return { ok: true, offline: true };
  return decide(request, userId, tier, serverUsed);
}

/** The limit and the feature gate, on a plan and the server's count. */
function decide(request: AllowanceRequest, userId: string, tier: TierId, serverUsed: number): AllowanceCheck {
  const { feature } = request;
  const cost = Math.max(1, request.cost ?? 1);
  const { limit } = getTier(tier);
  const remaining = Math.max(0, limit - serverUsed - getUsedConversions(userId));
  if (remaining < cost) return { ok: false, reason: "limit", tier, limit, remaining, cost };
  // The first gate the plan lacks is the one said (a custom 4K run on Basic: 4K's).
  const missing = [feature ?? []].flat().find((id) => !hasFeature(tier, id));
  if (missing) return { ok: false, reason: "feature", tier, feature: missing };
  return { ok: true, tier, limit, remaining };
}

/**
 * Where a conversion made now is counted: by the server in hosted mode, unless the visitor typed their
 * own key (that call goes straight to Google, so this browser counts it, as in client mode). The same
 * rule as lib/gemini/target.ts: a typed key wins.
 */
export function countedByServer(apiKey: string | null | undefined): boolean {
  return import.meta.env.VITE_AI_MODE === "hosted" && !apiKey?.trim();
}

/**
 * Hosted mode: keeps the cached count (serverUsageQueryOptions) in step with what each answer of the
 * proxy says, so the remaining counter moves the moment an answer arrives. A limit other than the
 * plan's means the plan changed meanwhile: it is read again. Returns the unsubscribe.
 */
export function syncServerUsage(queryClient: QueryClient, userId: string | undefined): () => void {
  if (import.meta.env.VITE_AI_MODE !== "hosted" || !userId) return () => undefined;
  return onServerUsage(({ limit, remaining }) => {
    queryClient.setQueryData(serverUsageQueryOptions(userId).queryKey, Math.max(0, limit - remaining));
    const plan = subscriptionQueryOptions(userId);
    const tier = queryClient.getQueryData(plan.queryKey);
    if (tier && getTier(tier).limit !== limit)
      void queryClient.invalidateQueries({ queryKey: plan.queryKey });
  });
}

/**
 * Hosted mode, after a run through the proxy that failed or was cancelled: the count is read again (a
 * conversion a stream reserved at its start is released when it does not complete). `limitReached`:
 * the server refused for the monthly limit, so nothing is left, whatever the cache said (its answer's
 * headers normally said so already).
 */
export function afterFailedServerRun(
  queryClient: QueryClient,
  userId: string | undefined,
  limitReached: boolean,
): void {
  if (import.meta.env.VITE_AI_MODE !== "hosted" || !userId) return;
  const { queryKey } = serverUsageQueryOptions(userId);
  if (!limitReached) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  const tier = queryClient.getQueryData(subscriptionQueryOptions(userId).queryKey);
  if (tier) queryClient.setQueryData(queryKey, (used = 0) => Math.max(used, getTier(tier).limit));
}

/**
 * More asked for than conversions are left (SPEC 5 "Batch", and several results of one run): `what` is
 * the action ("process 4 files", "make 4 results").
 */
export function notEnoughMessage(remaining: number, what: string): string {
  return `You don't have enough conversions left (${remaining}) to ${what}. Please upgrade your plan.`;
}

/** The banner shown when the plan could not be read: nothing was sent and nothing counted. */
export const PLAN_CHECK_FAILURE = {
  message: "We couldn't check your plan",
  advice: "Check your internet connection and try again. Nothing was used from your conversions.",
} as const;

/**
 * The plan check failed: the failure the tool shows (its banner, no toast), said once to screen
 * readers, since the banner is not an alert.
 */
export function planCheckFailure() {
  announce(`${PLAN_CHECK_FAILURE.message}. ${PLAN_CHECK_FAILURE.advice}`, "assertive");
  return { reason: PLAN_CHECK_FAILURE.message, ...PLAN_CHECK_FAILURE };
}
