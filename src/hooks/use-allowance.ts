/** The allowance at the moment of an action, and the app's one reaction to a refusal. */
import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import {
  FEATURE_GATES,
  GATE_TOAST_MS,
  gateMessage,
  LIMIT_REACHED_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  type FeatureId,
} from "@/config/tiers";
import { checkAllowance, syncServerUsage, type AllowanceCheck } from "@/lib/allowance";
import { useUser } from "@/lib/auth";
import { keepGateTask, type GateReturnState, type GateTask } from "@/lib/creations";

/** What of a stopped task to keep through Pricing (read only when a gate sends the person there). */
export type KeepTask = () => GateTask | null;

export type Denied = Exclude<AllowanceCheck, { ok: true }>;

/**
 * The allowance at the moment of an action, and the app's one reaction to a refusal: the sign-in
 * toast and /auth, the limit toast with "Upgrade for more" and /pricing, the gate's own message
 * (and /pricing where its gate says so). A failed plan check is left to the caller to show.
 * Sent to /pricing, the task's photo, words and options are kept (`keep`) and paying (or "Go back")
 * brings the person back to this page with them (lib/creations/gate-task.ts).
 */
export function useAllowance() {
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;
  const userId = user?.id;

  // Hosted mode: every answer of the proxy moves the remaining counter at once.
  useEffect(() => syncServerUsage(queryClient, userId), [queryClient, userId]);

  const check = useCallback(
    (options: { cost?: number; feature?: FeatureId | readonly FeatureId[] } = {}) =>
      checkAllowance({ userId, queryClient, ...options }),
    [queryClient, userId],
  );

  /** To /pricing from this page, the task kept: paying brings the person back here with it. */
  const toPricing = useCallback(
    (keep?: KeepTask) => {
      let task: GateTask | null = null;
      try {
        task = keep?.() ?? null;
      } catch (error) {
        console.warn("Could not read the task to keep", error);
      }
      void keepGateTask(here, task)
        .catch((error: unknown) => {
          // The photo could not be kept (storage full or blocked): the way back still is.
          console.warn("Could not keep the task for after the payment", error);
          return { path: here };
        })
        .then((returnTo) => navigate(paths.pricing, { state: { returnTo } satisfies GateReturnState }));
    },
    [here, navigate],
  );

  /** The limit toast with "Upgrade for more", and /pricing (also for the server's refusal mid-run). */
  const limitReached = useCallback(
    (keep?: KeepTask) => {
      toast.error(LIMIT_REACHED_MESSAGE, {
        duration: GATE_TOAST_MS,
        action: { label: "Upgrade for more", onClick: () => navigate(paths.pricing) },
      });
      toPricing(keep);
    },
    [navigate, toPricing],
  );

  const deny = useCallback(
    (denied: Denied, keep?: KeepTask) => {
      switch (denied.reason) {
        case "signed-out":
          toast.error(LOGIN_REQUIRED_MESSAGE, { duration: GATE_TOAST_MS });
          navigate(paths.auth);
          return;
        case "limit":
          limitReached(keep);
          return;
        case "feature":
          toast.error(gateMessage(denied.feature), { duration: GATE_TOAST_MS });
          if (FEATURE_GATES[denied.feature].sendsToPricing) toPricing(keep);
          return;
        case "error":
          console.error("Could not check the plan", denied.error);
          return;
      }
    },
    [limitReached, navigate, toPricing],
  );

  return { userId, check, deny, limitReached };
}
