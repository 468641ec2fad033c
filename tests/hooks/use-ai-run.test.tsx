/** useAiRun: counting, toasts, failures, cancel, the allowance at the moment of the action, manual counting. */
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GeminiError } from "@/lib/gemini";
import { toastPhotoUploaded } from "@/lib/run-toast";
import { getUsedConversions } from "@/lib/usage";
import { toastsShown } from "../features/tool-kit";
import { copy, deferredTask, setup, signedIn, USER, waitForUser } from "./ai-run-kit";

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

  it("one toast per run, updated in place: the photo's, then processing, then the outcome (issue 27)", async () => {
    signedIn();
    const task = deferredTask();
    const { result } = setup({ execute: task.execute, copy });
    await waitForUser(result);
    act(() => toastPhotoUploaded());
    await waitFor(() => expect(toastsShown()).toEqual(["Image uploaded successfully"]));
    const toast = document.querySelector("[data-sonner-toast]");
    let run!: Promise<string | undefined>;
    act(() => {
      run = result.current.run("photo");
    });
    await waitFor(() => expect(toastsShown()).toEqual(["Working..."]));
    await act(async () => {
      task.calls[0]!.resolve("poem");
      await run;
    });
    await waitFor(() => expect(toastsShown()).toEqual(["Done!"]));
    // The same toast all along, not a new one stacked over the last.
    expect(document.querySelector("[data-sonner-toast]")).toBe(toast);

    // The next run replaces the last one's outcome, still one toast.
    act(() => {
      run = result.current.run("again");
    });
    await waitFor(() => expect(toastsShown()).toEqual(["Working..."]));
    await act(async () => {
      task.calls[1]!.resolve("poem 2");
      await run;
    });
    await waitFor(() => expect(toastsShown()).toEqual(["Done!"]));
  });

  it("a failure is the tool's wording with advice, said once (the banner's, no toast), keeps the input for Try again, counts nothing", async () => {
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
    act(() => toastPhotoUploaded());
    await waitFor(() => expect(toastsShown()).toEqual(["Image uploaded successfully"]));
    await act(async () => {
      await result.current.run("photo");
    });
    expect(result.current.state.error).toEqual({
      reason: "No image returned",
      message: "Failed to do it: No image returned",
      advice: "Try another photo.",
      kind: "no-image",
    });
    // The run's toast goes: the page's banner says the failure (tests/features/conversion-failures).
    await waitFor(() => expect(toastsShown()).toEqual([]));
    expect(screen.queryByText(/Failed to do it/)).not.toBeInTheDocument();
    expect(screen.queryByText("Try another photo.")).not.toBeInTheDocument();
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
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    // Pricing comes once the task is kept (a moment after the refusal).
    await waitFor(() => expect(location()).toBe("/pricing"));
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
