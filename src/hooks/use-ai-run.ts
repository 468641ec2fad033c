/** The AI run every tool shares: allowance, connection, one run at a time, cancel, retries, toasts, counting. */
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { FeatureId } from "@/config/tiers";
import { afterFailedServerRun, countedByServer, planCheckFailure } from "@/lib/allowance";
import { useApiKey } from "@/lib/api-key";
import { describeFailure, type GeminiErrorKind } from "@/lib/gemini/errors";
import type { RetryWait } from "@/lib/gemini/retry";
import { MESSAGES } from "@/lib/gemini/errors";
import {
  keepCreation,
  loadSave,
  type CreationRecord,
  type GateTask,
  type NewCreation,
} from "@/lib/creations";
import { isOnline } from "@/lib/connection";
import { CONNECTION_LOST_MESSAGE, OFFLINE_RUN_ADVICE, OFFLINE_RUN_MESSAGE } from "@/lib/offline";
import { dismissRunToast, runToastId } from "@/lib/run-toast";
import { recordConversion } from "@/lib/usage";
import { useAllowance, type Denied, type KeepTask } from "./use-allowance";

/** A failure as the user sees it: the tool's message (SPEC 8) and one plain sentence of what to do. */
export type AiFailure = {
  /** The cause alone ("No modified image returned from API"). */
  reason: string;
  /** The tool's wording of it ("Failed to process image: No modified image returned from API"). */
  message: string;
  advice: string;
  kind?: GeminiErrorKind;
};

export type AiRunStatus = "idle" | "running" | "done" | "failed";

export type AiRunState<I, R> = {
  status: AiRunStatus;
  /** The input of the current or last run (what "Try again" sends again). */
  input: I | null;
  /** The last result; kept while a new run is going and after a failed one. */
  result: R | null;
  error: AiFailure | null;
  /** A retry the client is waiting for (the AI was busy), shown with a countdown. */
  retryWait: RetryWait | null;
};

export type AiRunContext<R> = {
  signal: AbortSignal;
  onRetryWait: (wait: RetryWait | null) => void;
  /** Count one conversion now, for a tool whose run returns several results one by one (`counting: "manual"`). */
  count: () => void;
  /** Show a result that is still arriving (a streamed poem). */
  partial: (result: R) => void;
};

/** A tool's own words for the flow's toast and banner (SPEC 8). */
export type AiRunCopy = {
  /** The run's toast while it goes on; none when omitted. */
  processing?: string;
  /** The same toast once a result came. */
  success: string;
  /** The banner's message for a failure, from the cause. */
  failure: (reason: string) => string;
  cancelled?: string;
};

export type AiRunOptions<I, R> = {
  /** The work: plain async code with no React in it, cancelled through `ctx.signal`. */
  execute: (input: I, ctx: AiRunContext<R>) => Promise<R>;
  copy: (input: I) => AiRunCopy;
  /** Conversions the run will use (default 1); checked against what is left before anything is sent. */
  cost?: (input: I) => number;
  /** The feature gates the run needs (one, or several: a custom transformation at 4K). */
  feature?: (input: I) => FeatureId | readonly FeatureId[] | undefined;
  /**
   * What of the run's input to keep when a gate sends the person to Pricing (its photo, words and
   * options): paying brings them back to the tool with it, handed to the tool's `incoming`.
   */
  gateTask?: (input: I) => GateTask | null;
  /**
   * "result" (default): one conversion counted when `execute` resolves with a result. "manual": the
   * tool counts each result itself with `ctx.count()` as it comes back.
   */
  counting?: "result" | "manual";
  /** Called with each result as it arrives, before it is shown. */
  onResult?: (result: R, input: I) => void;
  /**
   * Keep each result on the device (see src/lib/creations/keep.ts): what to save for it,
   * or null for nothing. Called right after the result came back; the save runs in the background
   * and never blocks or fails the run.
   */
  keep?: (result: R, input: I) => NewCreation | null;
  /** Called once a result's first write is done, with its record (null when nothing was kept). */
  onKept?: (record: CreationRecord | null, result: R) => void;
  /**
   * A refusal the tool words itself (e.g. a batch larger than what is left); true when handled.
   * `toPricing` goes to Pricing with the run's task kept (`gateTask`), as the app's own refusal does.
   */
  onDenied?: (denied: Denied, input: I, toPricing: () => void) => boolean;
  /**
   * The task again at 1K, offered with a size's gate ("Make it at 1K"); undefined where the input asks
   * for no size above 1K. Given by the shared tool hook (use-tool.ts).
   */
  smaller?: (input: I) => (() => void) | undefined;
};

type Action<I, R> =
  | { type: "start"; input: I }
  | { type: "partial"; result: R }
  | { type: "wait"; wait: RetryWait | null }
  | { type: "success"; result: R }
  | { type: "failure"; error: AiFailure }
  | { type: "stopped" }
  | { type: "restore"; input: I | null; result: R }
  | { type: "reset" };

/** The run's task to keep through Pricing, read only when a gate sends the person there. */
function keepTask<I, R>(opts: AiRunOptions<I, R>, input: I): KeepTask | undefined {
  const { gateTask } = opts;
  return gateTask ? () => gateTask(input) : undefined;
}

function initialState<I, R>(): AiRunState<I, R> {
  return { status: "idle", input: null, result: null, error: null, retryWait: null };
}

function reducer<I, R>(state: AiRunState<I, R>, action: Action<I, R>): AiRunState<I, R> {
  switch (action.type) {
    case "start":
      return { ...state, status: "running", input: action.input, error: null, retryWait: null };
    case "partial":
      return { ...state, result: action.result };
    case "wait":
      return { ...state, retryWait: action.wait };
    case "success":
      return { ...state, status: "done", result: action.result, retryWait: null };
    case "failure":
      return { ...state, status: "failed", error: action.error, retryWait: null };
    case "stopped":
      return { ...state, status: state.result ? "done" : "idle", retryWait: null };
    case "restore":
      return { ...initialState<I, R>(), status: "done", input: action.input, result: action.result };
    case "reset":
      return initialState<I, R>();
  }
}

export const CANCELLED_TOAST = "Conversion cancelled. Nothing was counted.";

/** A failure without a connection, shown in its own words (not inside the tool's "Failed to ..."). */
const offline = (message: string, advice = OFFLINE_RUN_ADVICE): AiFailure => ({
  reason: message,
  message,
  advice,
  kind: "offline",
});

/**
 * A run that failed for want of a connection, in the words of lib/offline.ts: a tool's own offline
 * wording (a batch the dropped connection stopped), or a failure on the way to the AI (no answer, none
 * in time, a stream cut off) while the browser says it is offline. Online, "Could not reach the AI
 * service." and the others keep their words: the server is out of reach, not the web.
 */
function offlineFailure({ kind, message, advice }: ReturnType<typeof describeFailure>): AiFailure | null {
  if (kind === "offline" && message !== MESSAGES.offline) return offline(message, advice);
  if ((kind === "offline" || kind === "timeout" || kind === "server") && !isOnline())
    return offline(CONNECTION_LOST_MESSAGE);
  return null;
}

/**
 * The one flow of every AI tool (docs/architecture.md "AI tools"): the allowance checked at the moment of the
 * action (signed in, plan, conversions left, feature gate); one run in flight, cancelled by `cancel`
 * (Cancel, Escape) and by leaving the page; retry waits in the state; the run's one toast; a conversion
 * counted only for what came back, as it comes back (in hosted mode by the server, lib/allowance.ts);
 * every failure as message plus advice, except the server's "no conversions left", which is answered
 * like the allowance check's own refusal. Offline, a run is refused before anything is checked, reserved
 * or counted, with the offline message; the input stays for "Try again" once the connection is back.
 * One toast per run, updated in place from its start to its result (lib/run-toast.ts); a failure has
 * no toast: the page's error banner says it, once, as an alert. Screen readers hear the toast (sonner's
 * outlet is a live region) and the banner; what has neither is said through lib/announce.ts.
 */
export function useAiRun<I, R>(options: AiRunOptions<I, R>) {
  const [state, dispatch] = useReducer(reducer<I, R>, undefined, initialState<I, R>);
  const { userId, check, deny, limitReached, toPricing } = useAllowance();
  const queryClient = useQueryClient();
  // The key the tool sends with (lib/api-key): it decides where this run's conversions are counted.
  const apiKey = useApiKey();
  const controller = useRef<AbortController | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  // Leaving the page cancels what is running; nothing more is counted.
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (input: I): Promise<R | undefined> => {
      if (controller.current) return undefined; // one run at a time: a double click sends nothing
      const ac = new AbortController();
      controller.current = ac;
      const opts = optionsRef.current;
      dispatch({ type: "start", input });
      try {
        // No connection (before the check, or dropped during it): nothing checked, reserved, sent or
        // counted; the photo and the words stay for "Try again".
        const allowance = isOnline()
          ? await check({ cost: opts.cost?.(input), feature: opts.feature?.(input) })
          : null;
        if (ac.signal.aborted) {
          dispatch({ type: "stopped" });
          return undefined;
        }
        if (!allowance || !isOnline() || ("offline" in allowance && allowance.offline)) {
          // Said by the banner, like every failure; a photo's toast still showing goes.
          dismissRunToast();
          dispatch({ type: "failure", error: offline(OFFLINE_RUN_MESSAGE) });
          return undefined;
        }
        if (!allowance.ok) {
          if (allowance.reason === "error") {
            deny(allowance);
            // Said once, by the banner (planCheckFailure's words), as every failure is.
            dispatch({ type: "failure", error: planCheckFailure() });
          } else {
            dispatch({ type: "stopped" });
            const keep = keepTask(opts, input);
            if (!opts.onDenied?.(allowance, input, () => toPricing(keep)))
              deny(allowance, keep, opts.smaller?.(input));
          }
          return undefined;
        }

        // The save's code comes while the AI works: the result is written the moment it arrives.
        if (opts.keep && userId) loadSave().catch(() => undefined);
        const copy = opts.copy(input);
        // One toast per run, updated in place (lib/run-toast.ts): it replaces the photo's "uploaded"
        // toast or the last run's outcome, and becomes this run's outcome.
        if (copy.processing) toast.loading(copy.processing, { id: runToastId() });
        // Hosted mode counts on the server (its answers move the counter); a typed key, here.
        const onServer = countedByServer(apiKey);
        const count = () => {
          if (userId && !ac.signal.aborted && !onServer) recordConversion(userId);
        };
        try {
          const result = await opts.execute(input, {
            signal: ac.signal,
            onRetryWait: (wait) => {
              if (!ac.signal.aborted) dispatch({ type: "wait", wait });
            },
            count,
            partial: (partial) => {
              if (!ac.signal.aborted) dispatch({ type: "partial", result: partial });
            },
          });
          ac.signal.throwIfAborted();
          if ((opts.counting ?? "result") === "result") count();
          opts.onResult?.(result, input);
          const keep = opts.keep;
          if (keep && userId)
            void keepCreation(userId, () => keep(result, input)).then((record) =>
              optionsRef.current.onKept?.(record, result),
            );
          dispatch({ type: "success", result });
          toast.success(copy.success, { id: runToastId() });
          return result;
        } catch (error) {
          const failure = describeFailure(error);
          const cancelled = ac.signal.aborted || failure.cancelled;
          const cutOff = offlineFailure(failure);
          if (onServer) afterFailedServerRun(queryClient, userId, !cancelled && failure.kind === "limit");
          if (cancelled) {
            dispatch({ type: "stopped" });
            toast.info(copy.cancelled ?? CANCELLED_TOAST, { id: runToastId() });
          } else if (import.meta.env.VITE_AI_MODE === "hosted" && failure.kind === "limit") {
            // The server had no conversion left (another tab or device used it): as the check's refusal.
            dispatch({ type: "stopped" });
            dismissRunToast();
            limitReached(keepTask(opts, input));
          } else {
            // A failure is said once, in one place: the page's banner (message and one advice,
            // announced as an alert). The run's toast goes rather than say it a second time.
            dismissRunToast();
            const message = cutOff ? cutOff.message : copy.failure(failure.message);
            dispatch({
              type: "failure",
              error: cutOff ?? {
                reason: failure.message,
                message,
                advice: failure.advice,
                kind: failure.kind,
              },
            });
          }
          return undefined;
        }
      } finally {
        if (controller.current === ac) controller.current = null;
      }
    },
    [apiKey, check, deny, limitReached, queryClient, toPricing, userId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  const retry = useCallback(() => {
    if (state.input !== null) void run(state.input);
  }, [run, state.input]);

  /** Back to the start; ignored while a run is going (cancel it first). */
  const reset = useCallback(() => {
    if (!controller.current) dispatch({ type: "reset" });
  }, []);

  /** Show a result kept from an earlier visit as the current one. */
  const restore = useCallback((result: R, input: I | null = null) => {
    if (!controller.current) dispatch({ type: "restore", input, result });
  }, []);

  return { state, run, cancel, retry, reset, restore, running: state.status === "running" };
}
