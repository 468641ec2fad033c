/**
 * Several results of one run (issue 28 §1, docs/architecture.md "AI tools"): "Results: 1 2 3 4" on every
 * image tool, through the shared tool hook (use-tool.ts). One result is the shared AI run as it always
 * was; two to four are this hook's: the state the page shows (a slot per result, the one chosen, a
 * shared pause, a refusal for fewer left), while the run itself (the allowance for n, the queue, the
 * counting and keeping of each result) is use-tool-results.lazy.ts, fetched when such a run starts.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { PART_FAILED_MESSAGE } from "@/components/on-demand";
import type { RetryWait } from "@/lib/gemini";
import type { CreationRecord } from "@/lib/creations";
import type { AiFailure } from "./use-ai-run";
import type { ResultsRequest, ResultsRunDeps } from "./use-tool-results.lazy";

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

type Options<I, R> = Omit<ResultsRunDeps<I, R>, "set" | "shown">;

/**
 * The several results of a run: `run(input, n)` starts one (n ≥ 2), `clear()` forgets the grid (a new
 * photo, a run of one). The grid reads `results`.
 */
export function useToolResults<I, R>(options: Options<I, R>) {
  const [count, setCount] = useState(1);
  const [state, set] = useState<ResultsState<R> | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<I | null>(null);
  /** The index of the result shown, read by the run as results arrive and are kept. */
  const shown = useRef<number | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  // Leaving the page stops what is not finished; nothing more is counted.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((run: I, request: ResultsRequest) => {
    if (controller.current) return Promise.resolve();
    const ac = new AbortController();
    controller.current = ac;
    input.current = run;
    const deps = latest.current;
    return (
      import("./use-tool-results.lazy")
        .then(({ runResults }) => runResults({ ...deps, set, shown }, run, request, ac.signal))
        // The run's code could not be fetched (offline before the app was cached): nothing was sent.
        .catch(() =>
          set({ ...emptyState<R>(), notice: { message: "Nothing was sent", advice: PART_FAILED_MESSAGE } }),
        )
        .finally(() => {
          if (controller.current === ac) controller.current = null;
        })
    );
  }, []);

  const run = useCallback((next: I, n: number) => start(next, all(n)), [start]);
  const total = state?.slots.length ?? 0;
  const retry = useCallback(
    (index: number) => {
      if (input.current !== null) void start(input.current, { total, indices: [index] });
    },
    [start, total],
  );
  const remaining = state?.short?.remaining ?? 0;
  const runShort = useCallback(() => {
    if (input.current === null || remaining < 1) return;
    if (remaining > 1) void start(input.current, all(remaining));
    else {
      set(null);
      latest.current.runOne(input.current);
    }
  }, [remaining, start]);

  const choose = useCallback(
    (index: number) => {
      const slot = state?.slots[index];
      if (!slot?.result || input.current === null) return;
      shown.current = index;
      latest.current.show(slot.result, input.current);
      if (slot.record) latest.current.markShown(slot.record);
      set((s) => s && { ...s, chosen: index });
    },
    [state],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const clear = useCallback(() => {
    if (controller.current) return;
    shown.current = null;
    set(null);
  }, []);

  const results: ToolResults<R> = {
    count,
    setCount,
    state,
    running: Boolean(state?.running),
    choose,
    retry,
    runShort,
    cancel,
  };
  return { results, run, clear };
}

const all = (n: number): ResultsRequest => ({ total: n, indices: Array.from({ length: n }, (_, i) => i) });

export function emptyState<R>(): ResultsState<R> {
  return { slots: [], chosen: null, running: false, wait: null, short: null, notice: null };
}
