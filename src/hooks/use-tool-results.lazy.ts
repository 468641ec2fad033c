/**
 * A run of several results (issue 28 §1), fetched by use-tool-results.ts when one starts: the allowance
 * checked for all of them at the moment of the action (fewer left: Batch's words and how many may run),
 * then one call per result through Batch's queue (src/lib/run-queue.ts: at most three at once, one
 * shared pause when the AI asks to slow down), each result counted and kept the moment it arrives (in
 * hosted mode the proxy reserves and counts each call itself), a failure said on its own result, and a
 * cancel stopping what has not come back, which counts nothing.
 */
import type { Dispatch, SetStateAction } from "react";
import type { QueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { hasFeature, type FeatureId } from "@/config/tiers";
import { announce } from "@/lib/announce";
import {
  afterFailedServerRun,
  countedByServer,
  notEnoughMessage,
  planCheckFailure,
  type AllowanceCheck,
} from "@/lib/allowance";
import { isOnline } from "@/lib/connection";
import {
  keepCreation,
  loadSave,
  type CreationRecord,
  type GateTask,
  type NewCreation,
} from "@/lib/creations";
import { describeFailure } from "@/lib/gemini";
import { OFFLINE_RUN_ADVICE, OFFLINE_RUN_MESSAGE } from "@/lib/offline";
import { dismissRunToast, runToastId } from "@/lib/run-toast";
import { startBatch } from "@/lib/run-queue";
import { recordConversion } from "@/lib/usage";
import type { AiFailure, AiRunCopy } from "./use-ai-run";
import type { Denied, KeepTask } from "./use-allowance";
import { emptyState, type ResultSlot, type ResultsState } from "./use-tool-results";

/** One result's call as the queue sends it: `send` waits for a free slot (and any shared pause). */
export type QueuedCall = {
  signal: AbortSignal;
  /** Sends one request when the queue allows; `answered(ok)` frees the slot once the answer is in. */
  send: <T>(call: (answered: (ok: boolean) => void) => Promise<T>) => Promise<T>;
};

export type ResultsRunDeps<I, R> = {
  userId: string | undefined;
  /** The key typed on the page ("" for none): where the results are counted. */
  apiKey: string;
  queryClient: QueryClient;
  check: (request: { cost?: number; feature?: FeatureId }) => Promise<AllowanceCheck>;
  deny: (denied: Denied, keep?: KeepTask) => void;
  /** One result: the tool's run, its image call sent through the queue. */
  execute: (input: I, call: QueuedCall) => Promise<R>;
  copy: (input: I) => AiRunCopy;
  /** The tool's own gate for this input (a custom transformation); several results also need theirs. */
  feature?: (input: I) => FeatureId | undefined;
  gateTask?: (input: I) => GateTask | null;
  keep?: (result: R, input: I) => NewCreation | null;
  /** Makes a result the page's result (the compare view, the download). */
  show: (result: R, input: I) => void;
  /** Marks a kept result the version shown on the strip. */
  markShown: (record: CreationRecord) => void;
  /** A run of one (the shared AI run), for "Run 1". */
  runOne: (input: I) => void;
  set: Dispatch<SetStateAction<ResultsState<R> | null>>;
  /** The index of the result shown. */
  shown: { current: number | null };
};

/** What a run asks for: how many results in all, and which of them to make now (all, or one again). */
export type ResultsRequest = { total: number; indices: number[] };

/** More results asked than conversions left (Batch's words, SPEC 5). */
export function resultsShortMessage(remaining: number, asked: number): string {
  return notEnoughMessage(remaining, `make ${asked} results`);
}

export function resultsCancelledToast(done: number): string {
  return done > 0
    ? `Cancelled. ${done} ${done === 1 ? "result came back and was" : "results came back and were"} counted; nothing else was counted.`
    : "Cancelled. Nothing was counted.";
}

export async function runResults<I, R>(
  deps: ResultsRunDeps<I, R>,
  input: I,
  { total, indices }: ResultsRequest,
  signal: AbortSignal,
): Promise<void> {
  const { set } = deps;
  const fresh = indices.length === total;
  const notice = (message: string, advice: string) =>
    set((s) => ({ ...(fresh || !s ? emptyState<R>() : s), running: false, notice: { message, advice } }));
  const keepTask: KeepTask | undefined = deps.gateTask ? () => deps.gateTask!(input) : undefined;

  if (!isOnline()) return notice(OFFLINE_RUN_MESSAGE, OFFLINE_RUN_ADVICE);
  const allowance = await deps.check({ cost: indices.length });
  if (signal.aborted) return;
  if (allowance.ok && "offline" in allowance) return notice(OFFLINE_RUN_MESSAGE, OFFLINE_RUN_ADVICE);
  if (!allowance.ok && (allowance.reason === "signed-out" || allowance.reason === "error")) {
    deps.deny(allowance);
    if (allowance.reason === "error") notice(planCheckFailure().message, planCheckFailure().advice);
    return;
  }
  if (!allowance.ok && allowance.reason === "feature") return deps.deny(allowance, keepTask);
  // Several results are a plan's feature (issue 28): said before the count, so a plan without it is
  // never offered to run fewer.
  const { tier } = allowance;
  const gate = (["multipleVersions", deps.feature?.(input)] as const).find(
    (feature): feature is FeatureId => feature !== undefined && !hasFeature(tier, feature),
  );
  if (gate) return deps.deny({ ok: false, reason: "feature", tier, feature: gate }, keepTask);
  if (!allowance.ok) {
    if (fresh && allowance.remaining > 0) {
      const message = resultsShortMessage(allowance.remaining, indices.length);
      announce(message);
      set({ ...emptyState<R>(), short: { message, remaining: allowance.remaining } });
      return;
    }
    return deps.deny(allowance, keepTask);
  }

  // The save's code comes while the AI works: each result is written the moment it arrives.
  if (deps.keep && deps.userId) loadSave().catch(() => undefined);
  const copy = deps.copy(input);
  if (copy.processing) toast.loading(copy.processing, { id: runToastId() });
  const patch = (index: number, next: Partial<ResultSlot<R>>) =>
    set((s) => s && { ...s, slots: s.slots.map((slot, i) => (i === index ? { ...slot, ...next } : slot)) });
  if (fresh) deps.shown.current = null;
  set((s) => {
    const base =
      fresh || !s
        ? {
            ...emptyState<R>(),
            slots: Array.from({ length: total }, (): ResultSlot<R> => ({ status: "waiting" })),
          }
        : s;
    return {
      ...base,
      running: true,
      short: null,
      notice: null,
      wait: null,
      slots: base.slots.map((slot, i): ResultSlot<R> => (indices.includes(i) ? { status: "waiting" } : slot)),
    };
  });
  announce(fresh ? `Making ${total} results.` : `Making result ${indices[0] + 1} again.`);

  // Hosted mode: the proxy reserves and counts each call; with a typed key (or in client mode), here.
  const onServer = countedByServer(deps.apiKey);
  const tally = { done: 0, failed: 0, cancelled: 0, limit: false };
  const name = (index: number) => `Result ${index + 1} of ${total}`;
  const queue = startBatch<{ id: string }, R>({
    items: indices.map((index) => ({ id: String(index) })),
    signal,
    onWait: (wait) => set((s) => s && { ...s, wait }),
    process: (item, task) =>
      deps.execute(input, {
        signal: task.signal,
        send: async (call) => {
          await task.whenSendable();
          patch(Number(item.id), { status: "sending" });
          return call((ok) => {
            if (ok) task.answered();
          });
        },
      }),
    onEvent: (event) => {
      const index = Number(event.id);
      if (event.type === "done") {
        const { result } = event;
        tally.done++;
        if (deps.userId && !onServer) recordConversion(deps.userId);
        const keep = deps.keep;
        if (keep && deps.userId)
          void keepCreation(deps.userId, () => keep(result, input)).then((record) => {
            patch(index, { record });
            if (record && deps.shown.current === index) deps.markShown(record);
          });
        patch(index, { status: "done", result, error: undefined });
        // The first to arrive is shown; choosing another shows that one.
        if (deps.shown.current === null) {
          deps.shown.current = index;
          deps.show(result, input);
          set((s) => s && { ...s, chosen: index });
        }
        announce(`${name(index)} is ready.`);
      } else if (event.type === "failed") {
        const failure = describeFailure(event.error);
        if (failure.cancelled) {
          tally.cancelled++;
          patch(index, { status: "cancelled" });
          return;
        }
        tally.failed++;
        if (failure.kind === "limit") tally.limit = true;
        const error: AiFailure = {
          reason: failure.message,
          message: copy.failure(failure.message),
          advice: failure.advice,
          kind: failure.kind,
        };
        patch(index, { status: "failed", error });
        announce(`${name(index)} failed. ${error.message}`);
      } else if (event.type === "cancelled") {
        tally.cancelled++;
        patch(index, { status: "cancelled" });
      }
    },
  });
  await queue.done;
  set((s) => s && { ...s, running: false, wait: null });
  if (onServer && (tally.failed > 0 || tally.cancelled > 0))
    afterFailedServerRun(deps.queryClient, deps.userId, tally.limit);
  if (signal.aborted) toast.info(resultsCancelledToast(tally.done), { id: runToastId() });
  else if (tally.done > 0) toast.success(copy.success, { id: runToastId() });
  // Every result failed: each says why on its own, with its own Try again.
  else dismissRunToast();
}
