/**
 * The local preview engine's waiting line (server/local-ai/queue.ts): one task at a time in arrival
 * order, a failing task hands the turn on, and a waiter whose caller goes away leaves the line.
 */
import { describe, expect, test, vi } from "vitest";
import { CallerGoneError, SerialQueue } from "../../server/local-ai/queue.ts";

describe("SerialQueue (server/local-ai/queue.ts)", () => {
  test("runs tasks one at a time in arrival order, and a task that fails hands the turn on", async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    const task =
      (name: string, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await Promise.resolve();
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };

    const results = await Promise.allSettled([
      queue.run(task("a")),
      queue.run(task("b", true)),
      queue.run(task("c")),
    ]);

    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect([queue.busy, queue.pending]).toEqual([false, 0]);
  });

  test("a waiter whose signal fires leaves the line at once; one already aborted never queues", async () => {
    const queue = new SerialQueue();
    let release!: () => void;
    const running = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const caller = new AbortController();
    const skipped = vi.fn(async () => "ran");
    const waiting = queue.run(skipped, caller.signal);
    expect(queue.pending).toBe(1);

    caller.abort();
    await expect(waiting).rejects.toBeInstanceOf(CallerGoneError);
    expect(queue.pending).toBe(0);
    await expect(queue.run(skipped, caller.signal)).rejects.toBeInstanceOf(CallerGoneError);

    release();
    await running;
    expect(skipped).not.toHaveBeenCalled();
    expect(await queue.run(async () => "next")).toBe("next");
  });
});
