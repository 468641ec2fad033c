/** A task a gate stopped: its photo kept in the incoming store, the way back read from the navigation state. */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  backToTask,
  gateReturnOf,
  INCOMING_MAX_AGE_MS,
  keepGateTask,
  keptOption,
  latestIncoming,
  putIncoming,
  readIncoming,
  takeIncoming,
  taskOptions,
} from "@/lib/creations";

afterEach(() => {
  vi.restoreAllMocks();
});

const photo = () => new File([new Uint8Array([1, 2, 3])], "cat.png", { type: "image/png" });

describe("kept task", () => {
  it("keeps the photo in the incoming store and brings it back with the words and options", async () => {
    const returnTo = await keepGateTask("/?custom=true", {
      files: [photo()],
      words: "make it snow",
      options: { style: "soft" },
    });
    expect(returnTo).toMatchObject({
      path: "/?custom=true",
      words: "make it snow",
      options: { style: "soft" },
    });
    expect(returnTo.incoming).toEqual(expect.any(String));
    const back = backToTask(returnTo);
    expect(back).toEqual({
      path: "/?custom=true",
      state: { incoming: returnTo.incoming, task: { words: "make it snow", options: { style: "soft" } } },
    });
    // Not offered as a share waiting for a tool: it belongs to the tool it was stopped on.
    expect(await latestIncoming()).toBeNull();
    const taken = await takeIncoming(returnTo.incoming!);
    expect(taken?.source).toBe("gate");
    expect(taken?.files[0]?.name).toBe("cat.png");
  });

  it("without a photo, only the way back", async () => {
    expect(await keepGateTask("/hulk", null)).toEqual({ path: "/hulk" });
    expect(backToTask({ path: "/hulk" })).toEqual({ path: "/hulk", state: null });
  });

  it("words and options without a photo still come back (the Animator's character)", async () => {
    const returnTo = await keepGateTask("/animator", {
      files: [],
      words: "a friendly robot",
      options: { aspectRatio: "3:4" },
    });
    expect(returnTo).toEqual({
      path: "/animator",
      words: "a friendly robot",
      options: { aspectRatio: "3:4" },
    });
    expect(backToTask(returnTo)).toEqual({
      path: "/animator",
      state: { task: { words: "a friendly robot", options: { aspectRatio: "3:4" } } },
    });
  });

  it("the photos stay kept through Pricing's Go back and go with the last way back, after paying", async () => {
    const returnTo = await keepGateTask("/batch-processing", {
      files: [photo(), photo(), photo()],
      words: "watercolour",
    });
    expect(returnTo.photos).toBe(3);
    expect(backToTask(returnTo).state).not.toHaveProperty("last");
    expect(backToTask(returnTo, { last: true }).state).toMatchObject({ last: true });
    // Go back: taken, and still there for the payment after coming forward again.
    expect((await takeIncoming(returnTo.incoming!, { last: false }))?.files).toHaveLength(3);
    expect((await takeIncoming(returnTo.incoming!, { last: true }))?.files).toHaveLength(3);
    expect(await readIncoming(returnTo.incoming!)).toBeNull();
  });

  it("nothing piles up: a new gate's task replaces the old one, and what is older than a day goes", async () => {
    const start = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(start);
    const share = await putIncoming([photo()], "share");
    const first = await keepGateTask("/frog", { files: [photo()] });
    const second = await keepGateTask("/hulk", { files: [photo()] });
    expect(await readIncoming(first.incoming!)).toBeNull();
    expect(await readIncoming(second.incoming!)).not.toBeNull();
    // A share waiting for its tool is not a gate's: it stays.
    expect(await readIncoming(share)).not.toBeNull();

    vi.spyOn(Date, "now").mockReturnValue(start + INCOMING_MAX_AGE_MS + 1);
    await putIncoming([photo()], "share");
    vi.spyOn(Date, "now").mockReturnValue(start);
    // Swept by the write a day later, not only hidden from reads.
    expect(await readIncoming(share)).toBeNull();
    expect(await readIncoming(second.incoming!)).toBeNull();
  });

  it("a tool reads back only the options it offers", () => {
    const task = { options: taskOptions({ type: "text", position: null, size: undefined }) };
    expect(task.options).toEqual({ type: "text" });
    expect(keptOption(task, "type", ["image", "text", "widget"] as const)).toBe("text");
    expect(keptOption({ options: { type: "poster" } }, "type", ["image", "text"] as const)).toBeUndefined();
    expect(keptOption(undefined, "type", ["image"] as const)).toBeUndefined();
  });

  it("reads only a return of this app from the navigation state", () => {
    expect(gateReturnOf({ returnTo: { path: "/frog", incoming: "i-1", words: "w" } })).toEqual({
      path: "/frog",
      incoming: "i-1",
      words: "w",
    });
    expect(gateReturnOf(null)).toBeNull();
    expect(gateReturnOf({ plan: "$5/month" })).toBeNull();
    expect(gateReturnOf({ returnTo: { path: "https://evil.example/" } })).toBeNull();
    expect(gateReturnOf({ returnTo: { path: "//evil.example/" } })).toBeNull();
    expect(gateReturnOf({ returnTo: { path: "/x", incoming: 5, options: { a: 1 } } })).toEqual({
      path: "/x",
    });
  });
});
