/** useAiRun in hosted mode: the server counts, its limit refusal mid-run, and what a typed key makes here. */
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiKey } from "@/lib/api-key";
import { GeminiError } from "@/lib/gemini";
import { getUsedConversions, USAGE_STORAGE_KEY } from "@/lib/usage";
import { server } from "../msw/server";
import { usageRowHandler } from "../msw/hosted";
import { copy, deferredTask, setup, signedIn, USER, waitForUser } from "./ai-run-kit";

describe("useAiRun in hosted mode (the server counts)", () => {
  beforeEach(() => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** Signed in on `tier`, with the server's `usage` row at `used` this month (null: no row). */
  function hostedUser(tier: "Freemium" | "$5/month" | null, used: number | null) {
    signedIn(tier);
    const row = usageRowHandler(used);
    server.use(row.handler);
    return row;
  }

  it("checks the server's row at the moment of the action, and counts nothing in this browser", async () => {
    const row = hostedUser(null, 2);
    const task = deferredTask();
    const { result, location } = setup({ execute: task.execute, copy });
    await waitForUser(result);
    let run!: Promise<string | undefined>;
    act(() => {
      run = result.current.run("photo");
    });
    await waitFor(() => expect(task.calls).toHaveLength(1));
    // The user's own row of this UTC month, read for this action.
    const read = row.requests.at(-1)!;
    expect(read.searchParams.get("user_id")).toBe(`eq.${USER.id}`);
    const now = new Date();
    const month = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-01`;
    expect(read.searchParams.get("month")).toBe(`eq.${month}`);
    await act(async () => {
      task.calls[0]!.resolve("result");
      await run;
    });
    expect(result.current.state.status).toBe("done");
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();

    // Another device used the last one meanwhile: the next action reads the row again and is refused.
    row.set(3);
    await act(async () => {
      await result.current.run("photo");
    });
    expect(task.calls).toHaveLength(1);
    expect(location()).toBe("/pricing");
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
  });

  it("the server's limit refusal mid-run: the limit toast and /pricing, no banner, nothing counted", async () => {
    hostedUser(null, 0);
    const { result, location } = setup<string, string>({
      execute: async () => {
        throw new GeminiError({
          kind: "limit",
          status: 403,
          message: "You've used all your free conversions for this month",
          advice: "Upgrade your plan on the Pricing page.",
        });
      },
      copy,
    });
    await waitForUser(result);
    await act(async () => {
      await result.current.run("photo");
    });
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade for more" })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to do it/)).not.toBeInTheDocument();
    expect(location()).toBe("/pricing");
    expect(result.current.state).toMatchObject({ status: "idle", error: null });
    expect(localStorage.getItem(USAGE_STORAGE_KEY)).toBeNull();
  });

  it("a key typed on the page goes to Google, so this browser counts what it makes", async () => {
    hostedUser("$5/month", 4);
    setApiKey("my-own-key", false);
    const { result } = setup<string, string>({ execute: async () => "result", copy });
    await waitForUser(result);
    await act(async () => {
      await result.current.run("photo");
    });
    expect(result.current.state.status).toBe("done");
    expect(getUsedConversions(USER.id)).toBe(1);
  });
});
