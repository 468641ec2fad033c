import type { ReactNode } from "react";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "@/app/providers";
import { useAiRun, type AiRunOptions } from "@/hooks/use-ai-run";
import { setApiKey } from "@/lib/api-key";
import { useUser } from "@/lib/auth";
import { GeminiError } from "@/lib/gemini";
import { getUsedConversions, USAGE_STORAGE_KEY } from "@/lib/usage";
import { server } from "../msw/server";
import { makeUser, makeSession, storeSession, subscriptionHandler } from "../msw/supabase";
import { usageRowHandler } from "../msw/hosted";

const USER = makeUser();

/** The hook inside the app's providers and a router whose location the test can read. */
function setup<I, R>(options: AiRunOptions<I, R>) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: "*", element: children }], { initialEntries: ["/tool"] });
    return (
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </AppProviders>
    );
  };
  const hook = renderHook(
    () => {
      const ai = useAiRun(options);
      return { ...ai, signedIn: Boolean(useUser()) };
    },
    { wrapper },
  );
  return { ...hook, location: () => router?.state.location.pathname };
}

function signedIn(tier: "Freemium" | "$5/month" | "$10/month" | null = null, used = 0) {
  storeSession(makeSession(USER));
  const d = new Date();
  const month = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
  if (used) localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [month]: used } }));
  server.use(subscriptionHandler(tier));
}

const copy = () => ({
  processing: "Working...",
  success: "Done!",
  failure: (reason: string) => `Failed to do it: ${reason}`,
});

/** A task the test finishes by hand, watching its abort signal. */
function deferredTask() {
  const calls: { input: string; signal: AbortSignal; resolve: (v: string) => void }[] = [];
  const execute = (input: string, ctx: { signal: AbortSignal }) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ input, signal: ctx.signal, resolve });
      ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason), { once: true });
    });
  return { calls, execute };
}

/** The session is read from storage after mount: act once the hook knows the user. */
async function waitForUser(result: { current: { signedIn: boolean } }) {
  await waitFor(() => expect(result.current.signedIn).toBe(true));
}

describe("useAiRun", () => {
  it("counts one conversion for a result, shows the tool's toasts and keeps the result", async () => {
    signedIn();
    const task = deferredTask();
    const { result } = setup({ execute: task.execute, copy });
    await waitForUser(result);
    let run!: Promise<string | undefined>;
    act(() => {
      run = result.current.run("photo");
    });
    await waitFor(() => expect(task.calls).toHaveLength(1));
    expect(result.current.state.status).toBe("running");
    expect(await screen.findByText("Working...")).toBeInTheDocument();
    // A second run while one is in flight sends nothing (a double click).
    await act(async () => {
      await result.current.run("again");
    });
    expect(task.calls).toHaveLength(1);
    await act(async () => {
      task.calls[0]!.resolve("poem");
      await run;
    });
    expect(result.current.state).toMatchObject({ status: "done", result: "poem", input: "photo" });
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(await screen.findByText("Done!")).toBeInTheDocument();
  });

  it("a failure shows the tool's wording once with advice, keeps the input for Try again, counts nothing", async () => {
    signedIn();
    let attempts = 0;
    const { result } = setup<string, string>({
      execute: async () => {
        attempts += 1;
        if (attempts === 1)
          throw new GeminiError({
            kind: "no-image",
            message: "No image returned",
            advice: "Try another photo.",
          });
        return "second time lucky";
      },
      copy,
    });
    await waitForUser(result);
    await act(async () => {
      await result.current.run("photo");
    });
    expect(result.current.state.error).toEqual({
      reason: "No image returned",
      message: "Failed to do it: No image returned",
      advice: "Try another photo.",
      kind: "no-image",
    });
    expect(await screen.findByText("Failed to do it: No image returned")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
    await act(async () => {
      result.current.retry();
    });
    await waitFor(() => expect(result.current.state.result).toBe("second time lucky"));
    expect(result.current.state.error).toBeNull();
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("cancel and leaving the page abort the request and count nothing", async () => {
    signedIn();
    const task = deferredTask();
    const { result, unmount } = setup({ execute: task.execute, copy });
    await waitForUser(result);
    act(() => void result.current.run("one"));
    await waitFor(() => expect(task.calls).toHaveLength(1));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.state.status).toBe("idle"));
    expect(task.calls[0]!.signal.aborted).toBe(true);
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();

    act(() => void result.current.run("two"));
    await waitFor(() => expect(task.calls).toHaveLength(2));
    unmount();
    expect(task.calls[1]!.signal.aborted).toBe(true);
    // A result arriving after the page is gone counts nothing.
    task.calls[1]!.resolve("late");
    await new Promise((r) => setTimeout(r, 20));
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("checks the allowance at the moment of the action: the limit sends to /pricing and sends nothing", async () => {
    signedIn("Freemium", 3);
    const task = deferredTask();
    const { result, location } = setup({ execute: task.execute, copy });
    await waitForUser(result);
    await act(async () => {
      await result.current.run("photo");
    });
    expect(task.calls).toHaveLength(0);
    expect(location()).toBe("/pricing");
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
  });

  it("a feature gate refuses with the message built from the tiers table", async () => {
    signedIn("$5/month");
    const task = deferredTask();
    const { result } = setup({ execute: task.execute, copy, feature: () => "multipleVersions" });
    await waitForUser(result);
    await act(async () => {
      await result.current.run("photo");
    });
    expect(task.calls).toHaveLength(0);
    expect(
      await screen.findByText("Multiple transformations require a $10/month subscription"),
    ).toBeInTheDocument();
  });

  it("a run that asks for more than is left is refused before anything is sent; the tool may word it", async () => {
    signedIn("Freemium", 1);
    const task = deferredTask();
    const denied: string[] = [];
    const { result } = setup<string, string>({
      execute: task.execute,
      copy,
      cost: () => 3,
      onDenied: (d) => {
        denied.push(d.reason === "limit" ? `only ${d.remaining} left for ${d.cost}` : d.reason);
        return true;
      },
    });
    await waitForUser(result);
    await act(async () => {
      await result.current.run("three photos");
    });
    expect(task.calls).toHaveLength(0);
    expect(denied).toEqual(["only 2 left for 3"]);
  });

  it("manual counting: each result counts as it comes back, so a cancel half way keeps what arrived", async () => {
    signedIn("$5/month");
    let release!: () => void;
    const { result } = setup<number, number>({
      counting: "manual",
      copy,
      execute: async (n, ctx) => {
        ctx.count();
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason), { once: true });
        });
        for (let i = 1; i < n; i++) ctx.count();
        return n;
      },
    });
    await waitForUser(result);
    act(() => void result.current.run(4));
    await waitFor(() => expect(getUsedConversions(USER.id)).toBe(1));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.state.status).toBe("idle"));
    release();
    expect(getUsedConversions(USER.id)).toBe(1);
  });
});

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
