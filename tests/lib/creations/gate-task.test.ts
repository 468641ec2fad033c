/** A task a gate stopped: its photo kept in the incoming store, the way back read from the navigation state. */
import { describe, expect, it } from "vitest";
import { backToTask, gateReturnOf, keepGateTask, latestIncoming, takeIncoming } from "@/lib/creations";

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
