/**
 * The gate in front of every tool: signed in, on a plan that allows the tool; otherwise what is missing
 * and the way to it. With no conversions left the tool opens and says so itself (its limit notice). Offline, a plan that cannot be read lets the visitor in.
 */
import { useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { lazyPart } from "@/components/on-demand";
import { Spinner } from "@/components/ui/spinner";
import { tierAtLeast, type TierId } from "@/config/tiers";
import { useAuth } from "@/lib/auth";
import { useSubscriptionTier } from "@/lib/subscription";
import { useOnline } from "@/hooks/use-online";
import { useRemainingConversions } from "@/hooks/use-remaining";

export type GateState =
  | { kind: "loading" }
  | { kind: "allowed" }
  | { kind: "login-required" }
  | { kind: "limit-reached" }
  | { kind: "error"; retry: () => void };

/** Why the visitor is blocked. */
export type BlockedState = Exclude<GateState, { kind: "allowed" | "loading" }>;

type TierGateProps = {
  children: ReactNode;
  /** Tier a route needs (SPEC 2.1: Freemium for every tool route). */
  requiredTier?: TierId;
  /** Replaces the blocked message (SPEC 4.4). Receives why the visitor is blocked. */
  fallback?: ReactNode | ((state: BlockedState) => ReactNode);
};

function useGateState(requiredTier: TierId): GateState {
  const auth = useAuth();
  const tier = useSubscriptionTier();
  const remaining = useRemainingConversions();
  const online = useOnline();
  if (auth.status === "loading") return { kind: "loading" };
  if (auth.status === "signed-out") return { kind: "login-required" };
  // Offline, the plan cannot be read (its query waits for the connection, or failed for want of one):
  // the tool opens and says it needs a connection; its run checks the plan again, online, at the moment.
  if (!online && remaining.status !== "ready") return { kind: "allowed" };
  if (remaining.status === "loading") return { kind: "loading" };
  if (remaining.status === "error") return { kind: "error", retry: () => void tier.refetch() };
  if (!tier.data || !tierAtLeast(tier.data, requiredTier)) return { kind: "limit-reached" };
  // No conversions left still lets the visitor in: the tool page keeps its last result and says when
  // the count renews, its photo pickers off (components/limit-notice.tsx, tool-page.tsx).
  return { kind: "allowed" };
}

const checking = (
  <div className="flex min-h-[50vh] items-center justify-center">
    <Spinner label="Checking your plan" className="size-8 text-primary" />
  </div>
);

/** What is missing and the way to it: a chunk of its own, as a visitor let in never needs it. */
const Blocked = lazyPart(() => import("./tier-gate.lazy").then((m) => m.TierGateBlocked));

/** Feature routes: signed in, on a plan with the route (SPEC 4.4); the monthly limit is the page's to show. */
export function TierGate({ children, requiredTier = "Freemium", fallback }: TierGateProps) {
  const state = useGateState(requiredTier);
  const location = useLocation();
  // The page was entered with conversions left: using the last one there does not take the page,
  // and the result just made, away (the next run is refused by its own allowance check). Nor does the
  // plan being read again (back online, after the page was entered offline) or failing to be: the photo
  // and the words on the page stay, and the next run checks the plan itself.
  const [enteredPath, setEnteredPath] = useState<string | null>(null);
  if (state.kind === "allowed" && enteredPath !== location.pathname) setEnteredPath(location.pathname);
  else if (state.kind !== "allowed" && enteredPath !== null && enteredPath !== location.pathname)
    setEnteredPath(null);

  if (state.kind === "allowed") return <>{children}</>;
  const stays = state.kind === "limit-reached" || state.kind === "loading" || state.kind === "error";
  if (stays && enteredPath === location.pathname) return <>{children}</>;
  if (state.kind === "loading") return checking;
  if (fallback !== undefined) return <>{typeof fallback === "function" ? fallback(state) : fallback}</>;

  const here = location.pathname + location.search + location.hash;
  return <Blocked fallback={checking} onFailed={() => undefined} state={state} here={here} />;
}
