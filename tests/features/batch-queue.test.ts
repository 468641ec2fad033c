import { describe, expect, it, vi } from "vitest";
import { GeminiError } from "@/lib/gemini";
import { startBatch, type BatchEvent, type BatchTaskContext } from "@/lib/run-queue";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";

hideNodeEventsFromPQueue();

type Item = { id: string };
const items = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));

/** A task the test resolves or rejects by hand, honouring its abort signal like a fetch would. */
function controllable() {
  const calls: { id: string; attempt: number; resolve: (v: string) => void; reject: (e: unknown) => void }[] =
    [];
  let running = 0;
  let peak = 0;
  const prepared: string[] = [];
  // Like the real task: prepare (prepared counts it), wait for a request slot, then send.
  const process = async (item: Item, ctx: BatchTaskContext) => {
    prepared.push(item.id);
    await ctx.whenSendable();
    return new Promise<string>((resolve, reject) => {
      running++;
      peak = Math.max(peak, running);
      ctx.phase("sending");
      const done = () => {
        running--;
      };
      ctx.signal.addEventListener("abort", () => {
        done();
        reject(new DOMException("aborted", "AbortError"));
      });
      calls.push({
        id: item.id,
        attempt: ctx.attempt,
        resolve: (v) => {
          done();
          resolve(v);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
    });
  };
  return { calls, process, prepared, peak: () => peak, running: () => running };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const rateLimit = (retryAfterMs?: number) =>
  new GeminiError({
    kind: "rate-limit",
    message: "API error: Resource has been exhausted",
    advice: "wait",
    status: 429,
    retryable: true,
    retryAfterMs,
  });

describe("batch queue", () => {
  it("hands a slot on when a request has its answer, while that answer is still being read", async () => {
    const sent: string[] = [];
    const reading: (() => void)[] = [];
    const run = startBatch({
      items: items(4),
      onEvent: () => {},
      process: async (item: Item, ctx: BatchTaskContext) => {
        await ctx.whenSendable();
        sent.push(item.id);
        await tick();
        // The answer is in: the slot is free, but this image's result is not read yet.
        ctx.answered();
        await new Promise<void>((resolve) => reading.push(resolve));
        return item.id;
      },
    });
    await vi.waitFor(() => expect(reading).toHaveLength(4));
    expect(sent).toEqual(["i0", "i1", "i2", "i3"]);
    reading.forEach((finish) => finish());
    expect(await run.done).toEqual({ done: 4, failed: 0, cancelled: 0 });
  });

  it("without an answer the fourth image waits for a slot", async () => {
    const task = controllable();
    const run = startBatch({ items: items(4), process: task.process, onEvent: () => {} });
    await tick();
    expect(task.calls.map((c) => c.id)).toEqual(["i0", "i1", "i2"]);
    task.calls.shift()!.resolve("r");
    await tick();
    await tick();
    expect(task.calls.map((c) => c.id)).toEqual(["i1", "i2", "i3"]);
    task.calls.forEach((c) => c.resolve("r"));
    await run.done;
  });

  it("works on at most three images at once and finishes all of them", async () => {
    const task = controllable();
    const events: BatchEvent<string>[] = [];
    const run = startBatch({ items: items(7), process: task.process, onEvent: (e) => events.push(e) });
    await tick();
    expect(task.calls).toHaveLength(3);
    // The next photo is prepared while the three requests are out, and waits for a slot.
    expect(task.prepared).toEqual(["i0", "i1", "i2", "i3"]);
    while (task.calls.some((c) => c.attempt > 0)) {
      const next = task.calls.shift()!;
      next.resolve(`result ${next.id}`);
      await tick();
      if (task.calls.length === 0) break;
    }
    const summary = await run.done;
    expect(summary).toEqual({ done: 7, failed: 0, cancelled: 0 });
    expect(task.peak()).toBe(3);
    expect(events.filter((e) => e.type === "done").map((e) => e.id)).toHaveLength(7);
  });

  it("reports each result as it comes back, in the order they arrive", async () => {
    const task = controllable();
    const done: string[] = [];
    const run = startBatch({
      items: items(3),
      process: task.process,
      onEvent: (e) => {
        if (e.type === "done") done.push(e.id);
      },
    });
    await tick();
    task.calls[2]!.resolve("c");
    await tick();
    expect(done).toEqual(["i2"]);
    task.calls[0]!.resolve("a");
    await tick();
    expect(done).toEqual(["i2", "i0"]);
    task.calls[1]!.resolve("b");
    await run.done;
    expect(done).toEqual(["i2", "i0", "i1"]);
  });

  it("a rate-limit answer pauses the whole queue once for the wait it asks, then retries", async () => {
    vi.useFakeTimers();
    try {
      const task = controllable();
      const waits: unknown[] = [];
      const run = startBatch({
        items: items(5),
        process: task.process,
        onEvent: () => {},
        onWait: (w) => waits.push(w),
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(task.calls.map((c) => c.id)).toEqual(["i0", "i1", "i2"]);
      // Two of the three running images hit the rate limit: one shared pause, shown once.
      task.calls[0]!.reject(rateLimit(5000));
      task.calls[1]!.reject(rateLimit(5000));
      await vi.advanceTimersByTimeAsync(0);
      expect(waits).toEqual([expect.objectContaining({ delayMs: 5000, attempt: 2 })]);
      // The third finishes meanwhile; nothing new starts while paused.
      task.calls[2]!.resolve("ok");
      await vi.advanceTimersByTimeAsync(4000);
      expect(task.calls).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(1000);
      expect(waits).toEqual([expect.objectContaining({ delayMs: 5000 }), null]);
      // The two paused images go again, with one new one; three requests at most.
      const retried = task.calls.slice(3).map((c) => `${c.id}#${c.attempt}`);
      expect(retried).toHaveLength(3);
      expect(retried).toEqual(expect.arrayContaining(["i0#2", "i1#2"]));
      for (let i = 3; i < task.calls.length || task.running() > 0; i++) {
        task.calls[i]!.resolve("ok");
        await vi.advanceTimersByTimeAsync(0);
        expect(task.peak()).toBeLessThanOrEqual(3);
      }
      expect(task.calls).toHaveLength(7);
      expect(waits).toHaveLength(2);
      expect(await run.done).toEqual({ done: 5, failed: 0, cancelled: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up on an image after the last attempt and says why", async () => {
    const task = controllable();
    const events: BatchEvent<string>[] = [];
    const run = startBatch({
      items: items(1),
      process: task.process,
      onEvent: (e) => events.push(e),
      maxAttempts: 2,
      backoff: () => 1,
    });
    await tick();
    task.calls[0]!.reject(rateLimit(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(task.calls).toHaveLength(2);
    task.calls[1]!.reject(rateLimit(1));
    expect(await run.done).toEqual({ done: 0, failed: 1, cancelled: 0 });
    expect(events.at(-1)).toMatchObject({ type: "failed", id: "i0" });
  });

  it("a bad key fails the running image and every waiting one without sending them", async () => {
    const task = controllable();
    const events: BatchEvent<string>[] = [];
    const run = startBatch({ items: items(6), process: task.process, onEvent: (e) => events.push(e) });
    await tick();
    task.calls[0]!.reject(
      new GeminiError({
        kind: "bad-key",
        message: "API error: API key not valid.",
        advice: "key",
        status: 400,
      }),
    );
    await tick();
    task.calls[1]!.resolve("ok");
    task.calls[2]!.resolve("ok");
    expect(await run.done).toEqual({ done: 2, failed: 4, cancelled: 0 });
    expect(task.calls).toHaveLength(3);
  });

  it.each(["limit", "session", "not-configured"] as const)(
    "hosted mode's %s refusal stops the queue the same way: nothing waiting is sent",
    async (kind) => {
      const task = controllable();
      const run = startBatch({ items: items(6), process: task.process, onEvent: () => undefined });
      await tick();
      task.calls[0]!.reject(new GeminiError({ kind, message: "refused", advice: "", status: 403 }));
      await tick();
      task.calls[1]!.resolve("ok");
      task.calls[2]!.resolve("ok");
      expect(await run.done).toEqual({ done: 2, failed: 4, cancelled: 0 });
      expect(task.calls).toHaveLength(3);
    },
  );

  it("cancels one waiting and one running image, and the others carry on", async () => {
    const task = controllable();
    const events: BatchEvent<string>[] = [];
    const run = startBatch({ items: items(5), process: task.process, onEvent: (e) => events.push(e) });
    await tick();
    run.cancel("i4"); // waiting in the queue: reported at once, never started
    expect(events).toContainEqual({ type: "cancelled", id: "i4" });
    run.cancel("i3"); // prepared, waiting for a request slot: never sent
    run.cancel("i1"); // sending: its request is aborted
    await tick();
    expect(events).toContainEqual({ type: "cancelled", id: "i3" });
    task.calls[0]!.resolve("a");
    task.calls[2]!.resolve("c");
    expect(await run.done).toEqual({ done: 2, failed: 0, cancelled: 3 });
    expect(task.calls.map((c) => c.id)).toEqual(["i0", "i1", "i2"]);
  });

  it("cancel all (or leaving the page) stops everything and keeps no late result", async () => {
    const outer = new AbortController();
    const events: BatchEvent<string>[] = [];
    let release: (() => void) | undefined;
    const run = startBatch({
      items: items(5),
      signal: outer.signal,
      // This task ignores its signal and answers late: its result must not be kept.
      process: () => new Promise<string>((resolve) => (release = () => resolve("late"))),
      onEvent: (e) => events.push(e),
    });
    await tick();
    outer.abort();
    release?.();
    expect(await run.done).toEqual({ done: 0, failed: 0, cancelled: 5 });
    expect(events.some((e) => e.type === "done")).toBe(false);
  });

  it("cancel all during a shared pause ends the run at once", async () => {
    const task = controllable();
    const run = startBatch({ items: items(5), process: task.process, onEvent: () => {} });
    await tick();
    task.calls[0]!.reject(rateLimit(60_000));
    await tick();
    run.cancelAll();
    expect(await run.done).toEqual({ done: 0, failed: 0, cancelled: 5 });
  });

  it("retrying the failed images is a new run of only those", async () => {
    const process = vi.fn(async (item: Item) => {
      if (item.id === "i1")
        throw new GeminiError({
          kind: "no-image",
          message: "No modified image returned from API",
          advice: "again",
        });
      return item.id;
    });
    const first = startBatch({ items: items(3), process, onEvent: () => {} });
    expect(await first.done).toEqual({ done: 2, failed: 1, cancelled: 0 });
    process.mockImplementation(async (item: Item) => item.id);
    const retry = startBatch({ items: [{ id: "i1" }], process, onEvent: () => {} });
    expect(await retry.done).toEqual({ done: 1, failed: 0, cancelled: 0 });
    expect(process.mock.calls.map(([item]) => item.id)).toEqual(["i0", "i1", "i2", "i1"]);
  });
});
