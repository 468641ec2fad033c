/** "Open with": the launch queue's files reach the chooser, whenever the launch came. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LaunchParams } from "@/lib/launch-queue";

type Consumer = (params: LaunchParams) => unknown;

let consumers: Consumer[] = [];
beforeEach(() => {
  consumers = [];
  vi.resetModules();
  vi.stubGlobal("launchQueue", { setConsumer: (next: Consumer) => void consumers.push(next) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const file = (name: string) => new File(["x"], name, { type: "image/jpeg" });
const handle = (f: File) => ({ kind: "file" as const, getFile: async () => f });
const launch = (params: LaunchParams) => consumers.at(-1)!(params);

/** Resolves with the next files `listen` is called with. */
async function listen() {
  const { onLaunchFiles } = await import("@/lib/launch-queue");
  const calls: File[][] = [];
  const stop = onLaunchFiles((files) => void calls.push(files));
  return { calls, stop, onLaunchFiles };
}

describe("launch queue", () => {
  it("hands the launched files over, leaving out directories and handles that cannot be read", async () => {
    const { calls } = await listen();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const a = file("a.jpg");
    const b = file("b.jpg");
    launch({
      files: [
        handle(a),
        { kind: "directory" },
        { kind: "file", getFile: () => Promise.reject(new Error("gone")) },
        handle(b),
      ],
    });
    await vi.waitFor(() => expect(calls).toEqual([[a, b]]));
    expect(error).toHaveBeenCalledOnce();
  });

  it("sets the consumer once, and reports no launch without a readable file", async () => {
    const { calls, stop, onLaunchFiles } = await listen();
    stop();
    const again: File[][] = [];
    onLaunchFiles((files) => void again.push(files));
    expect(consumers).toHaveLength(1);
    launch({ files: [] });
    launch({});
    const c = file("c.jpg");
    launch({ files: [handle(c)] });
    await vi.waitFor(() => expect(again).toEqual([[c]]));
    expect(calls).toEqual([]);
  });

  it("keeps a launch that came while nobody listened for the next listener", async () => {
    const { stop, onLaunchFiles } = await listen();
    stop();
    const early = file("early.jpg");
    launch({ files: [handle(early)] });
    // The handle is read while no chooser is mounted (every promise settled: one task later).
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const later: File[][] = [];
    onLaunchFiles((files) => void later.push(files));
    await vi.waitFor(() => expect(later).toEqual([[early]]));
  });

  it("does nothing where the browser has no launch queue", async () => {
    vi.stubGlobal("launchQueue", undefined);
    const { calls, stop } = await listen();
    expect(calls).toEqual([]);
    expect(() => stop()).not.toThrow();
  });
});
