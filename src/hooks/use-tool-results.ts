/**
 * Several results of one run (issue 28 §1, docs/architecture.md "AI tools"): "Results: 1 2 3 4" on every
 * image tool, through the shared tool hook (use-tool.ts). One result is the shared AI run as it always
 * was; two to four are a ResultsRun of use-tool-results.lazy.ts, fetched when such a run starts (the
 * allowance for n, the queue, the counting and keeping of each result, choosing, Try again). This file is
 * on every tool page's first load, so it holds only the count chosen and the run's last state.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { PART_FAILED_MESSAGE } from "@/components/on-demand";
import type { RetryWait } from "@/lib/gemini";
import type { CreationRecord } from "@/lib/creations";
import type { AiFailure } from "./use-ai-run";
import type { ToolResult } from "./use-tool";
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

export function emptyState<R>(): ResultsState<R> {
  return { slots: [], chosen: null, running: false, wait: null, short: null, notice: null };
}
