/**
 * The run queue (docs/architecture.md "Queues"), shared by Batch and the several results of one run: p-queue with at most `concurrency` requests at once (the next
 * photo is prepared meanwhile), one shared pause when the AI asks to slow down (a rate-limit or
 * overloaded answer pauses every image for the wait it asks, reported once, not once per image),
 * cancel one or all, and a fatal answer (bad key, retired model, daily quota, no conversions left)
 * fails what is still waiting without sending it. No React here.
 */
import { untilAborted } from "@/lib/until-aborted";
import type PQueue from "p-queue";
import { isGeminiError, type GeminiErrorKind } from "@/lib/gemini/errors";
import type { RetryWait } from "@/lib/gemini/retry";
import { backoffDelay, MAX_HONOURED_DELAY_MS, sleep } from "@/lib/gemini/retry";

export type BatchPhase = "preparing" | "sending";

export type BatchEvent<R> =
  | { type: "phase"; id: string; phase: BatchPhase }
  | { type: "done"; id: string; result: R }
  | { type: "failed"; id: string; error: unknown }
  | { type: "cancelled"; id: string };

export type BatchTaskContext = {
  signal: AbortSignal;
  /** Where the image is now (shown on its card). */
  phase: (phase: BatchPhase) => void;
  /** 1 for the first try, 2 for the first retry, ... */
  attempt: number;
  /** Resolves when the queue may send (at once, or when a shared pause ends). Await it before a request. */
  whenSendable: () => Promise<void>;
  /**
   * The request has a successful answer: its slot goes to the next image while this answer is read
   * (an error answer keeps it, so a "slow down" pauses the queue before anything else is sent).
   */
  answered: () => void;
};

export type BatchQueueOptions<T extends { id: string }, R> = {
  items: readonly T[];
  /** Work on one item: prepare it and send it; resolves with its result. */
  process: (item: T, ctx: BatchTaskContext) => Promise<R>;
  /** Every change of an item, in order. A "done" event is sent only while the item is not cancelled. */
  onEvent: (event: BatchEvent<R>) => void;
  /** The shared pause: the wait when it starts, null when it ends. */
  onWait?: (wait: RetryWait | null) => void;
  /** Cancels everything (Cancel all, leaving the page). */
  signal?: AbortSignal;
  /** At most this many requests at once (default 3). */
  concurrency?: number;
  /**
   * Photos prepared ahead while every request slot is busy (default 1), so a slot never waits for a
   * decode; memory stays bounded to `concurrency + prepareAhead` photos in hand.
   */
  prepareAhead?: number;
  /** Tries per item for an answer worth retrying (default 4: the first and three retries). */
  maxAttempts?: number;
  /** The wait before retry `n` when the AI names none (default: 1 s, 2 s, 4 s ... with jitter). */
  backoff?: (retry: number) => number;
};

export type BatchSummary = { done: number; failed: number; cancelled: number };

export const BATCH_CONCURRENCY = 3;
export const BATCH_MAX_ATTEMPTS = 4;

/** Answers that say "slow down" for every image: the whole queue pauses once for them. */
const SHARED_PAUSE: ReadonlySet<GeminiErrorKind> = new Set(["rate-limit", "overloaded"]);
/**
 * Answers that will be the same for every image: what is still waiting fails without being sent. In
 * hosted mode that includes the server's refusals: no conversions left this month, no session, no AI
 * service set up.
 */
const FATAL: ReadonlySet<GeminiErrorKind> = new Set([
  "no-key",
  "bad-key",
  "key-denied",
  "model-not-found",
  "daily-quota",
  "limit",
  "session",
  "not-configured",
]);

const PAUSE_REASONS: Partial<Record<GeminiErrorKind, string>> = {
  "rate-limit": "Too many requests right now: all images are paused.",
  overloaded: "The AI is busy right now: all images are paused.",
};

function isCancel(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true;
  if (isGeminiError(error)) return error.kind === "cancelled";
  return error instanceof DOMException && error.name === "AbortError";
}

/** A run of the queue over `items`; `done` resolves when every item is done, failed or cancelled. */
export type BatchRun = {
  done: Promise<BatchSummary>;
  /** Cancels one item (waiting or running). */
  cancel: (id: string) => void;
  /** Cancels every item. */
  cancelAll: () => void;
};

export function startBatch<T extends { id: string }, R>(options: BatchQueueOptions<T, R>): BatchRun {
  const concurrency = options.concurrency ?? BATCH_CONCURRENCY;
  const maxAttempts = Math.max(1, options.maxAttempts ?? BATCH_MAX_ATTEMPTS);
  const backoff = options.backoff ?? ((n: number) => backoffDelay(n));
  const all = new AbortController();
  const onOuterAbort = () => all.abort(options.signal?.reason);
  if (options.signal?.aborted) all.abort(options.signal.reason);
  else options.signal?.addEventListener("abort", onOuterAbort, { once: true });

  const controllers = new Map<string, AbortController>();
  for (const item of options.items) {
    const controller = new AbortController();
    controllers.set(item.id, controller);
  }
  // p-queue is fetched when a batch starts, not with the page (first-load budget): the press that starts
  // the run fetches it, and the service worker has it precached offline.
  const queue: Promise<PQueue> = import("p-queue").then(
    ({ default: Queue }) => new Queue({ concurrency: concurrency + Math.max(0, options.prepareAhead ?? 1) }),
  );
  /** The request slots: a task holds one from `whenSendable` until its attempt settles. */
  let sending = 0;
  const slotWaiters: (() => void)[] = [];
  const releaseSlot = () => {
    const next = slotWaiters.shift();
    if (next) next();
    else sending--;
  };
  const acquireSlot = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (sending < concurrency) {
        sending++;
        resolve();
        return;
      }
      const grant = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = slotWaiters.indexOf(grant);
        if (at >= 0) slotWaiters.splice(at, 1);
        reject(signal.reason);
      };
      slotWaiters.push(grant);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  const summary: BatchSummary = { done: 0, failed: 0, cancelled: 0 };
  /** Items that have not started yet: a cancel reports them at once instead of when their turn comes. */
  const notStarted = new Set(options.items.map((item) => item.id));
  const cancelItem = (id: string) => {
    const controller = controllers.get(id);
    if (!controller || controller.signal.aborted) return;
    controller.abort();
    if (notStarted.delete(id)) {
      summary.cancelled++;
      options.onEvent({ type: "cancelled", id });
    }
  };
  all.signal.addEventListener("abort", () => options.items.forEach((item) => cancelItem(item.id)), {
    once: true,
  });
  let fatal: unknown = null;
  /** The shared pause in progress: every task waits for it before its next request. */
  let pause: Promise<void> | null = null;

  function sharedPause(delayMs: number, attempt: number, reason: string): Promise<void> {
    if (pause) return pause;
    void queue.then((q) => q.pause());
    options.onWait?.({ attempt, maxAttempts, delayMs, reason });
    pause = sleep(delayMs, all.signal)
      .catch(() => undefined)
      .finally(() => {
        pause = null;
        options.onWait?.(null);
        void queue.then((q) => q.start());
      });
    return pause;
  }

  async function work(item: T): Promise<void> {
    if (!notStarted.delete(item.id)) return; // cancelled while waiting, and already reported
    const signal = controllers.get(item.id)!.signal;
    const emit = (event: BatchEvent<R>) => options.onEvent(event);
    for (let attempt = 1; ; attempt++) {
      if (pause) await pause;
      if (signal.aborted) {
        summary.cancelled++;
        emit({ type: "cancelled", id: item.id });
        return;
      }
      if (fatal !== null) {
        summary.failed++;
        emit({ type: "failed", id: item.id, error: fatal });
        return;
      }
      let holdsSlot = false;
      try {
        const result = await untilAborted(
          options.process(item, {
            signal,
            attempt,
            whenSendable: async () => {
              if (holdsSlot) return;
              for (;;) {
                while (pause) await pause;
                signal.throwIfAborted();
                await acquireSlot(signal);
                // A pause may have begun while this photo waited for its slot.
                if (!pause) break;
                releaseSlot();
              }
              holdsSlot = true;
              if (fatal !== null) throw fatal;
            },
            phase: (phase) => {
              if (!signal.aborted) emit({ type: "phase", id: item.id, phase });
            },
            answered: () => {
              if (holdsSlot) {
                holdsSlot = false;
                releaseSlot();
              }
            },
          }),
          signal,
        );
        if (holdsSlot) {
          holdsSlot = false;
          releaseSlot();
        }
        // A result that arrives after its cancel is not kept (and so never counted).
        if (signal.aborted) throw signal.reason;
        summary.done++;
        emit({ type: "done", id: item.id, result });
        return;
      } catch (error) {
        if (holdsSlot) {
          holdsSlot = false;
          releaseSlot();
        }
        if (isCancel(error, signal)) {
          summary.cancelled++;
          emit({ type: "cancelled", id: item.id });
          return;
        }
        if (isGeminiError(error) && FATAL.has(error.kind)) fatal ??= error;
        const retryable = isGeminiError(error) && error.retryable && attempt < maxAttempts;
        const delayMs = isGeminiError(error) ? (error.retryAfterMs ?? backoff(attempt)) : 0;
        if (!retryable || delayMs > MAX_HONOURED_DELAY_MS) {
          summary.failed++;
          emit({ type: "failed", id: item.id, error });
          return;
        }
        if (SHARED_PAUSE.has(error.kind)) {
          await sharedPause(delayMs, attempt + 1, PAUSE_REASONS[error.kind] ?? error.message);
        } else {
          // A dropped connection or a server hiccup: this image alone tries again a little later.
          await sleep(delayMs, signal).catch(() => undefined);
        }
      }
    }
  }

  const failed = (id: string, error: unknown) => {
    summary.failed++;
    options.onEvent({ type: "failed", id, error });
  };
  const done = queue
    .then((q) =>
      Promise.all(
        options.items.map((item) =>
          q.add(() => work(item)).catch((error: unknown) => failed(item.id, error)),
        ),
      ),
    )
    .catch((error: unknown) => {
      // The queue's code could not be fetched (offline before the app was cached): nothing was sent.
      for (const id of notStarted) failed(id, error);
      notStarted.clear();
    })
    .then(() => {
      options.signal?.removeEventListener("abort", onOuterAbort);
      return { ...summary };
    });

  return { done, cancel: cancelItem, cancelAll: () => all.abort() };
}
