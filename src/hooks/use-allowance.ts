/** The allowance at the moment of an action, and the app's one reaction to a refusal. */
import { useCallback, useEffect } from "react";
import { useNavigate } from "react-router-dom";
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

export type Denied = Exclude<AllowanceCheck, { ok: true }>;

/**
 * The allowance at the moment of an action, and the app's one reaction to a refusal: the sign-in
 * toast and /auth, the limit toast with "Upgrade for more" and /pricing, the gate's own message
 * (and /pricing where its gate says so). A failed plan check is left to the caller to show.
 */
export function useAllowance() {
  const user = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = user?.id;

  // Hosted mode: every answer of the proxy moves the remaining counter at once.
  useEffect(() => syncServerUsage(queryClient, userId), [queryClient, userId]);

  const check = useCallback(
    (options: { cost?: number; feature?: FeatureId } = {}) =>
      checkAllowance({ userId, queryClient, ...options }),
    [queryClient, userId],
  );

  /** The limit toast with "Upgrade for more", and /pricing (also for the server's refusal mid-run). */
  const limitReached = useCallback(() => {
    toast.error(LIMIT_REACHED_MESSAGE, {
      duration: GATE_TOAST_MS,
      action: { label: "Upgrade for more", onClick: () => navigate(paths.pricing) },
    });
    navigate(paths.pricing);
  }, [navigate]);

  const deny = useCallback(
    (denied: Denied) => {
      switch (denied.reason) {
        case "signed-out":
          toast.error(LOGIN_REQUIRED_MESSAGE, { duration: GATE_TOAST_MS });
          navigate(paths.auth);
          return;
        case "limit":
          limitReached();
          return;
        case "feature":
          toast.error(gateMessage(denied.feature), { duration: GATE_TOAST_MS });
          if (FEATURE_GATES[denied.feature].sendsToPricing) navigate(paths.pricing);
          return;
        case "error":
          console.error("Could not check the plan", denied.error);
          return;
      }
    },
    [limitReached, navigate],
  );

  return { userId, check, deny, limitReached };
}
