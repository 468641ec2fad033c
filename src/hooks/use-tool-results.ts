/**
 * Several results of one run (issue 28 §1, docs/architecture.md "AI tools"): "Results: 1 2 3 4" on every
 * image tool, through `useResultsTool`: the shared tool hook (use-tool.ts) plus the results, so a tool
 * that makes images takes part by calling it instead of `useTool` (the others, Batch and Visual Poetry,
 * load none of it). One result is the shared AI run as it always was; two to four are a ResultsRun of
 * use-tool-results.lazy.ts, fetched when such a run starts (the allowance for n, the queue, the counting
 * and keeping of each result, choosing, Try again). This file holds only the count chosen and the run's
 * last state.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { PART_FAILED_MESSAGE } from "@/components/on-demand";
import type { RetryWait } from "@/lib/gemini/retry";
import type { CreationRecord } from "@/lib/creations";
import type { AiFailure } from "./use-ai-run";
import { useApiKey } from "@/lib/api-key";
import type { ToolId } from "@/tools/registry";
import { toolRunContext } from "@/tools/run-context";
import { useAllowance } from "./use-allowance";
import { smallerTask, useTool, type ToolOptions, type ToolResult } from "./use-tool";
import type { ResultsRun, ResultsSource } from "./use-tool-results.lazy";

/** The most results one run makes. */
export const MAX_RESULTS = 4;

export type ResultSlot<R> = {
  /** waiting: not sent yet; sending: the AI is making it; done, failed, or cancelled (counted nothing). */
  status: "waiting" | "sending" | "done" | "failed" | "cancelled";
  result?: R;
  error?: AiFailure;
  /** Its kept creation, once the save is done (the strip's version). */
  record?: CreationRecord | null;
};

export type ResultsState<R> = {
  slots: ResultSlot<R>[];
  /** The result shown (the page's result), by index; null until one came. */
  chosen: number | null;
  running: boolean;
  /** The shared pause while the AI asked to slow down. */
  wait: RetryWait | null;
  /** Fewer conversions left than results asked: what to say, and how many may run. */
  short: { message: string; remaining: number } | null;
  /** Nothing was sent: no connection, or the plan could not be read. */
  notice: { message: string; advice: string } | null;
};

export type ToolResults<R> = {
  /** How many results the next run makes (1 to 4). */
  count: number;
  setCount: (count: number) => void;
  state: ResultsState<R> | null;
  running: boolean;
  choose: (index: number) => void;
  /** Sends one failed or cancelled result again, alone. */
  retry: (index: number) => void;
  /** Runs again with as many results as are left ("Run 3"). */
  runShort: () => void;
  cancel: () => void;
};

/**
 * The several results of a run: `run(input, n)` starts one (n ≥ 2), `clear()` forgets the grid (a new
 * photo, a run of one). The grid reads `results`.
 */
export function useToolResults<I, R extends object>(source: () => ResultsSource<I, R>) {
  const [count, setCount] = useState(1);
  const [state, set] = useState<ResultsState<ToolResult<R>> | null>(null);
  const [current, setCurrent] = useState<ResultsRun<I, R> | null>(null);
  const latest = useRef(source);
  const live = useRef<ResultsRun<I, R> | null>(null);
  useEffect(() => {
    latest.current = source;
  });
  // Leaving the page stops what is not finished; nothing more is counted.
  useEffect(() => () => live.current?.cancel(), []);

  const run = useCallback(async (input: I, n: number) => {
    if (live.current?.busy) return;
    // The run's code could not be fetched (offline before the app was cached): nothing was sent.
    const { ResultsRun } = await import("./use-tool-results.lazy").catch(() => ({ ResultsRun: null }));
    if (!ResultsRun)
      return set({ ...emptyState(), notice: { message: "Nothing was sent", advice: PART_FAILED_MESSAGE } });
    const next = new ResultsRun<I, R>(() => latest.current(), set);
    live.current = next;
    setCurrent(next);
    await next.run(input, n);
  }, []);
  const clear = useCallback(() => {
    if (live.current?.busy) return;
    live.current = null;
    setCurrent(null);
    set(null);
  }, []);

  const results: ToolResults<ToolResult<R>> = {
    count,
    setCount,
    state,
    running: Boolean(state?.running),
    choose: (index) => current?.choose(index),
    retry: (index) => current?.retry(index),
    runShort: () => current?.runShort(),
    cancel: () => current?.cancel(),
  };
  return { results, run, clear };
}

/**
 * `useTool` with "Results: 1 2 3 4": `run(input)` makes the count chosen when `results(input)` says the
 * input may make several (an animation is one), else one; `results` is what the picker and the grid read.
 */
export function useResultsTool<I, R extends object>(
  id: ToolId,
  options: ToolOptions<I, R> & { results: (input: I) => boolean },
) {
  const apiKey = useApiKey();
  const { userId, check, deny } = useAllowance();
  const queryClient = useQueryClient();
  const latest = useRef(options);
  /** The tool's flow, for what the run does on the page (read when results arrive). */
  const page = useRef<ReturnType<typeof useTool<I, R>> | null>(null);
  useEffect(() => {
    latest.current = options;
  });
  /** The run below, with the results chosen: the size gate's "Make it at 1K" runs it again. */
  const again = useRef<(input: I) => void>(() => undefined);
  const many = useToolResults<I, R>(() => ({
    tool: id,
    apiKey,
    userId,
    queryClient,
    check,
    deny,
    options: latest.current,
    execute: async (input, task, sending) => {
      const base = toolRunContext(
        id,
        apiKey,
        { signal: task.signal, onRetryWait: () => undefined },
        page.current?.picture,
      );
      const result = await latest.current.run(input, {
        ...base,
        // One attempt per call, sent when the queue allows: the queue retries and pauses.
        image: async (call) => {
          await task.whenSendable();
          sending();
          return base.image({ ...call, maxAttempts: 1, onAnswered: (ok) => ok && task.answered() });
        },
        count: () => undefined,
        partial: () => undefined,
      });
      return { ...result, local: base.target.source === "local-engine" };
    },
    smaller: (input) => smallerTask(id, input, (next) => again.current(next)),
    show: (result, input) => page.current?.restore(result, input, { restored: false }),
    markShown: (record) => page.current?.markShown(record),
    runOne: (input) => void page.current?.run(input),
  }));
  const { results } = many;
  const tool = useTool<I, R>(id, { ...options, busy: results.running });
  useEffect(() => {
    page.current = tool;
  });
  const { run: runSingle, reset: resetSingle, cancel: cancelSingle } = tool;
  const { running } = tool;
  const { count } = results;
  const { run: runMany, clear } = many;
  const { error } = tool.state;
  const run = useCallback(
    (input: I): Promise<ToolResult<R> | undefined> => {
      if (running) return Promise.resolve(undefined);
      if (count > 1 && latest.current.results(input)) {
        // A failure of the last run of one goes: the grid says how each of these went.
        if (error) resetSingle();
        return runMany(input, count).then(() => undefined);
      }
      clear();
      return runSingle(input);
    },
    [clear, count, error, resetSingle, runMany, runSingle, running],
  );
  useEffect(() => {
    again.current = (input) => void run(input);
  });
  const reset = useCallback(() => {
    clear();
    resetSingle();
  }, [clear, resetSingle]);
  const cancel = useCallback(() => {
    cancelSingle();
    results.cancel();
  }, [cancelSingle, results]);
  return { ...tool, run, reset, cancel, running, results };
}

export function emptyState<R>(): ResultsState<R> {
  return { slots: [], chosen: null, running: false, wait: null, short: null, notice: null };
}
