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
import { keepCreation, loadSave, type CreationRecord } from "@/lib/creations";
import { describeFailure } from "@/lib/gemini/errors";
import { OFFLINE_RUN_ADVICE, OFFLINE_RUN_MESSAGE } from "@/lib/offline";
import { dismissRunToast, runToastId } from "@/lib/run-toast";
import { startBatch, type BatchTaskContext } from "@/lib/run-queue";
import { recordConversion } from "@/lib/usage";
import type { ToolId } from "@/tools/registry";
import type { AiFailure } from "./use-ai-run";
import type { ToolOptions, ToolResult } from "./use-tool";
import type { Denied, KeepTask } from "./use-allowance";
import { emptyState, type ResultSlot, type ResultsState } from "./use-tool-results";

/** What the shared tool hook (use-tool.ts) hands a run of several results: the tool, the allowance, its options. */
export type ResultsSource<I, R extends object> = {
  tool: ToolId;
  /** The key typed on the page ("" for none): where the results are counted. */
  apiKey: string;
  userId: string | undefined;
  queryClient: QueryClient;
  check: (request: { cost?: number; feature?: FeatureId }) => Promise<AllowanceCheck>;
  deny: (denied: Denied, keep?: KeepTask, smaller?: () => void) => void;
  /** The task again at 1K, offered with a size's gate (use-tool.ts smallerTask). */
  smaller: (input: I) => (() => void) | undefined;
  /** The tool's options now: its words, gate, what it keeps. */
  options: ToolOptions<I, R>;
  /**
   * One result: the tool's run with its image calls sent when the queue allows (`sending` when one goes),
   * one attempt each (the queue retries and pauses).
   */
  execute: (input: I, task: BatchTaskContext, sending: () => void) => Promise<ToolResult<R>>;
  /** Makes a result the page's result (the compare view, the download). */
  show: (result: ToolResult<R>, input: I) => void;
  /** Marks a kept result the version shown on the strip. */
  markShown: (record: CreationRecord) => void;
  /** A run of one (the shared AI run), for "Run 1". */
  runOne: (input: I) => void;
};

/** More results asked than conversions left (Batch's words, SPEC 5). */
export function resultsShortMessage(remaining: number, asked: number): string {
  return notEnoughMessage(remaining, `make ${asked} results`);
}

export function resultsCancelledToast(done: number): string {
  return done > 0
    ? `Cancelled. ${done} ${done === 1 ? "result came back and was" : "results came back and were"} counted; nothing else was counted.`
    : "Cancelled. Nothing was counted.";
}

/**
 * One run of several results and what follows it on the page (choosing one, Try again on one, "Run 3",
 * Cancel). Its state is pushed to the page with `set` at each change.
 */
export class ResultsRun<I, R extends object> {
  private state: ResultsState<ToolResult<R>> = emptyState();
  private input: I | null = null;
  private controller: AbortController | null = null;

  constructor(
    private readonly source: () => ResultsSource<I, R>,
    private readonly set: Dispatch<SetStateAction<ResultsState<ToolResult<R>> | null>>,
  ) {}

  /** A run (or a Try again) is going. */
  get busy(): boolean {
    return this.controller !== null;
  }

  private update(next: Partial<ResultsState<ToolResult<R>>>) {
    this.state = { ...this.state, ...next };
    this.set(this.state);
  }

  private patch(index: number, next: Partial<ResultSlot<ToolResult<R>>>) {
    this.update({ slots: this.state.slots.map((slot, i) => (i === index ? { ...slot, ...next } : slot)) });
  }

  run(input: I, n: number): Promise<void> {
    return this.start(
      input,
      n,
      Array.from({ length: n }, (_, i) => i),
    );
  }

  retry(index: number): void {
    if (this.input !== null) void this.start(this.input, this.state.slots.length, [index]);
  }

  runShort(): void {
    const remaining = this.state.short?.remaining ?? 0;
    if (this.input === null || remaining < 1) return;
    if (remaining > 1) void this.run(this.input, remaining);
    else {
      this.set(null);
      this.source().runOne(this.input);
    }
  }

  choose(index: number): void {
    const slot = this.state.slots[index];
    if (!slot?.result || this.input === null) return;
    const source = this.source();
    source.show(slot.result, this.input);
    if (slot.record) source.markShown(slot.record);
    this.update({ chosen: index });
  }

  cancel(): void {
    this.controller?.abort();
  }

  private async start(input: I, total: number, indices: number[]): Promise<void> {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.input = input;
    try {
      await this.go(input, total, indices, controller.signal);
    } finally {
      this.controller = null;
    }
  }

  private async go(input: I, total: number, indices: number[], signal: AbortSignal): Promise<void> {
    const source = this.source();
    const { options, userId } = source;
    const fresh = indices.length === total;
    const notice = (message: string, advice: string) =>
      this.update({ ...(fresh ? emptyState() : {}), running: false, notice: { message, advice } });
    const { gateTask } = options;
    const keepTask: KeepTask | undefined = gateTask ? () => gateTask(input) : undefined;

    if (!isOnline()) return notice(OFFLINE_RUN_MESSAGE, OFFLINE_RUN_ADVICE);
    const allowance = await source.check({ cost: indices.length });
    if (signal.aborted) return;
    if (allowance.ok && "offline" in allowance) return notice(OFFLINE_RUN_MESSAGE, OFFLINE_RUN_ADVICE);
    if (!allowance.ok && (allowance.reason === "signed-out" || allowance.reason === "error")) {
      source.deny(allowance);
      if (allowance.reason === "error") notice(planCheckFailure().message, planCheckFailure().advice);
      return;
    }
    if (!allowance.ok && allowance.reason === "feature")
      return source.deny(allowance, keepTask, source.smaller(input));
    // Several results are a plan's feature (issue 28): said before the count, so a plan without it is
    // never offered to run fewer.
    const { tier } = allowance;
    const needed: FeatureId[] = ["multipleVersions", ...[options.feature?.(input) ?? []].flat()];
    const gate = needed.find((feature) => !hasFeature(tier, feature));
    if (gate)
      return source.deny(
        { ok: false, reason: "feature", tier, feature: gate },
        keepTask,
        source.smaller(input),
      );
    if (!allowance.ok) {
      if (fresh && allowance.remaining > 0) {
        const message = resultsShortMessage(allowance.remaining, indices.length);
        announce(message);
        this.update({ ...emptyState(), short: { message, remaining: allowance.remaining } });
        return;
      }
      return source.deny(allowance, keepTask);
    }

    // The save's code comes while the AI works: each result is written the moment it arrives.
    const keep = options.keep;
    if (keep && userId) loadSave().catch(() => undefined);
    const copy = options.copy(input);
    if (copy.processing) toast.loading(copy.processing, { id: runToastId() });
    const base = fresh
      ? { ...emptyState<ToolResult<R>>(), slots: Array.from({ length: total }, () => ({})) }
      : this.state;
    this.update({
      ...base,
      running: true,
      short: null,
      notice: null,
      wait: null,
      slots: base.slots.map((slot, i) =>
        indices.includes(i) ? { status: "waiting" } : (slot as ResultSlot<ToolResult<R>>),
      ),
    });
    announce(fresh ? `Making ${total} results.` : `Making result ${indices[0]! + 1} again.`);

    // Hosted mode: the proxy reserves and counts each call; with a typed key (or in client mode), here.
    const onServer = countedByServer(source.apiKey);
    const tally = { done: 0, failed: 0, cancelled: 0, limit: false };
    const name = (index: number) => `Result ${index + 1} of ${total}`;
    const queue = startBatch<{ id: string }, ToolResult<R>>({
      items: indices.map((index) => ({ id: String(index) })),
      signal,
      onWait: (wait) => this.update({ wait }),
      process: (item, task) =>
        source.execute(input, task, () => this.patch(Number(item.id), { status: "sending" })),
      onEvent: (event) => {
        const index = Number(event.id);
        if (event.type === "done") {
          const { result } = event;
          tally.done++;
          if (userId && !onServer) recordConversion(userId);
          if (keep && userId)
            void keepCreation(userId, () => {
              const creation = keep(result, input);
              return creation ? { tool: source.tool, ...creation } : null;
            }).then((record) => {
              this.patch(index, { record });
              if (record && this.state.chosen === index) source.markShown(record);
            });
          this.patch(index, { status: "done", result, error: undefined });
          // The first to arrive is shown; choosing another shows that one.
          if (this.state.chosen === null) {
            source.show(result, input);
            this.update({ chosen: index });
          }
          announce(`${name(index)} is ready.`);
        } else if (event.type === "failed") {
          const failure = describeFailure(event.error);
          if (failure.cancelled) {
            tally.cancelled++;
            this.patch(index, { status: "cancelled" });
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
          this.patch(index, { status: "failed", error });
          announce(`${name(index)} failed. ${error.message}`);
        } else if (event.type === "cancelled") {
          tally.cancelled++;
          this.patch(index, { status: "cancelled" });
        }
      },
    });
    await queue.done;
    this.update({ running: false, wait: null });
    if (onServer && (tally.failed > 0 || tally.cancelled > 0))
      afterFailedServerRun(source.queryClient, userId, tally.limit);
    if (signal.aborted) toast.info(resultsCancelledToast(tally.done), { id: runToastId() });
    else if (tally.done > 0) toast.success(copy.success, { id: runToastId() });
    // Every result failed: each says why on its own, with its own Try again.
    else dismissRunToast();
  }
}
