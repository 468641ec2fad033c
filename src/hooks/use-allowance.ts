/** The allowance at the moment of an action, and the app's one reaction to a refusal. */
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { isSizeFeature } from "@/config/image-output";
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
import {
  backToTask,
  keepGateTask,
  type GateReturnState,
  type GateTask,
  type IncomingPhotoState,
} from "@/lib/creations";

/**
 * The browser's Back from Pricing comes to this page's history entry: it is given the task's hand-over
 * (as Pricing's "Go back" link gives it), so Back brings the task too. Written into the entry as the
 * router keeps a location's state (`usr`), without a navigation: the page on screen is leaving for
 * Pricing and must not take the task itself.
 */
function keepOnThisEntry(state: IncomingPhotoState | null) {
  if (!state || typeof window === "undefined") return;
  const entry: unknown = window.history.state;
  if (!entry || typeof entry !== "object") return;
  window.history.replaceState({ ...entry, usr: state }, "");
}

/** The size gate's way on without paying: the same task at 1K ("Make it at 1K"). */
const AT_ONE_K_LABEL = "Make it at 1K";

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

  // The page on screen, or null once it is gone: keeping a photo takes a moment, and a person who left
  // the page meanwhile is not pulled to Pricing, nor is another page's entry given the task. (Its query
  // may change on the way: Convert Anything's dialog closes as the gate stops it.)
  const at = useRef<string | null>(location.pathname);
  useEffect(() => {
    at.current = location.pathname;
    return () => {
      at.current = null;
    };
  }, [location.pathname]);

  /**
   * To /pricing from this page, the task kept: paying brings the person back here with it. Pricing
   * comes once the photo is kept (a moment later), unless the person left the page meanwhile.
   */
  const toPricing = useCallback(
    (keep?: KeepTask) => {
      const from = at.current;
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
        .then((returnTo) => {
          if (from === null || at.current !== from) return;
          keepOnThisEntry(backToTask(returnTo).state);
          navigate(paths.pricing, { state: { returnTo } satisfies GateReturnState });
        });
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

  /**
   * The app's one reaction to a refusal. `smaller`: the task again at 1K, offered with a size's gate
   * (2K, 4K), so a person on a smaller plan goes on with their photo and words without choosing again.
   */
  const deny = useCallback(
    (denied: Denied, keep?: KeepTask, smaller?: () => void) => {
      switch (denied.reason) {
        case "signed-out":
          toast.error(LOGIN_REQUIRED_MESSAGE, { duration: GATE_TOAST_MS });
          navigate(paths.auth);
          return;
        case "limit":
          limitReached(keep);
          return;
        case "feature": {
          const offer = smaller && isSizeFeature(denied.feature);
          toast.error(gateMessage(denied.feature), {
            duration: GATE_TOAST_MS,
            ...(offer ? { action: { label: AT_ONE_K_LABEL, onClick: smaller } } : {}),
          });
          if (FEATURE_GATES[denied.feature].sendsToPricing) toPricing(keep);
          return;
        }
        case "error":
          console.error("Could not check the plan", denied.error);
          return;
      }
    },
    [limitReached, navigate, toPricing],
  );

  return { userId, check, deny, limitReached, toPricing };
}
