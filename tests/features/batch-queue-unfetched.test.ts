/** The batch queue when its code (p-queue, fetched as a batch starts) cannot be fetched: nothing is sent, every photo says it failed. */
import { describe, expect, it, vi } from "vitest";
import { startBatch, type BatchEvent } from "@/lib/run-queue";

vi.mock("p-queue", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

describe("startBatch without its queue's code", () => {
  it("fails every photo without sending one, and the run still ends", async () => {
    const events: BatchEvent<string>[] = [];
    const process = vi.fn(async () => "sent");
    const run = startBatch({
      items: [{ id: "a" }, { id: "b" }],
      process,
      onEvent: (event) => events.push(event),
    });
    const summary = await run.done;
    expect(process).not.toHaveBeenCalled();
    expect(events.map((event) => [event.type, event.id])).toEqual([
      ["failed", "a"],
      ["failed", "b"],
    ]);
    expect(summary.failed).toBe(2);
  });
});
