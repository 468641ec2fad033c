/** Batch Image Processing when things go wrong: failures, pauses, cancels, and the hosted monthly limit. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { hostedAiHandler, usageRowHandler, type ProxyReply } from "../msw/hosted";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fakeImageModel, type ImageReply } from "./fake-image-model";
import {
  addFiles,
  counter,
  finished,
  openBatch,
  pausedBatch,
  photos,
  processAll,
  signedIn,
  statuses,
} from "./batch-kit";
import { expectNoToast, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();

toolPageEnvironment();

describe("Batch Image Processing", () => {
  describe("every failure class: a clear error on the card, nothing counted", () => {
    it.each<[string, ImageReply, string]>([
      [
        "bad key",
        "error-400-api-key-invalid.json",
        "Error: Invalid API key. Please check your API key or try again later.",
      ],
      ["leaked key", "error-403-key-leaked.json", "Error: API error: "],
      ["retired model", "error-404-model-not-found.json", "Error: API error: "],
      ["daily quota", "error-429-daily-quota.json", "Error: API error: "],
      ["image blocked", "finish-image-safety.json", "Error: No modified image returned from API"],
      ["no candidates", "no-candidates.json", "Error: No modified image returned from API"],
      [
        "words instead of an image",
        "text-instead-of-image.json",
        "Error: No modified image returned from API",
      ],
      ["a body that is not JSON", { status: 200, body: "<html>proxy</html>" }, "Error: "],
    ])("%s", async (_name, reply, text) => {
      signedIn();
      const gemini = fakeImageModel([reply]);
      await openBatch();
      await addFiles(photos(2));
      await processAll();
      await finished(2);
      const errors = screen.getAllByText((_, el) => el?.tagName === "P" && el.textContent!.startsWith(text));
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(await screen.findByTestId("error-banner")).toHaveTextContent("Failed to process 2 image(s)");
      // Said once, by the banner; no toast repeats it (issue 27 §4).
      expect(screen.getAllByText(/Failed to process 2 image\(s\)/)).toHaveLength(1);
      await expectNoToast();
      // With what to do about it, from the failure itself.
      expect(screen.getByTestId("error-banner")).not.toHaveTextContent("Please try again.");
      expect(getUsedConversions(USER.id)).toBe(0);
      // A key, model or quota problem is the same for every image: the rest are not sent.
      if (typeof reply === "string" && /error-4/.test(reply))
        expect(gemini.calls.length).toBeLessThanOrEqual(2);
    });

    it("a rate limit pauses the whole batch once, shown once, then every image goes through", async () => {
      const gemini = await pausedBatch(async () => {
        expect(await screen.findByText(/all images are paused\. Continuing in \d+ s\./)).toBeInTheDocument();
        expect(screen.getAllByTestId("batch-pause")).toHaveLength(1);
      });
      expect(statuses()).toEqual(["done", "done", "done"]);
      // Three sends, and one more for each of the two images the AI asked to wait.
      expect(gemini.calls).toHaveLength(5);
      expect(getUsedConversions(USER.id)).toBe(3);
    });

    it("a connection that fails once the photo was sent: never sent again on its own (it may have been made), Retry failed sends it once more", async () => {
      signedIn();
      const gemini = fakeImageModel(["network-error", "image-success.json"]);
      await openBatch();
      await addFiles(photos(1));
      await processAll();
      await finished(1);
      expect(statuses()).toEqual(["failed"]);
      expect(gemini.calls).toHaveLength(1);
      expect(getUsedConversions(USER.id)).toBe(0);
      expect(screen.getByTestId("batch-card")).toHaveTextContent(/your picture may still have been made/);

      await userEvent.setup().click(screen.getByRole("button", { name: "Retry failed" }));
      await waitFor(() => expect(statuses()).toEqual(["done"]));
      expect(gemini.calls).toHaveLength(2);
      expect(getUsedConversions(USER.id)).toBe(1);
    });
  });

  it("Cancel all stops the batch and counts only what had come back", async () => {
    signedIn();
    fakeImageModel(["image-success.json", "hang"]);
    await openBatch();
    await addFiles(photos(5));
    await processAll();
    await waitFor(() => expect(statuses().filter((s) => s === "done")).toHaveLength(1));
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel all" }));
    expect(
      await screen.findByText(
        "Batch cancelled. 1 image(s) came back and were counted; nothing else was counted.",
      ),
    ).toBeInTheDocument();
    expect(statuses()).toEqual(expect.arrayContaining(["done", "cancelled"]));
    expect(statuses().filter((s) => s === "cancelled")).toHaveLength(4);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("cancel one image: the others carry on", async () => {
    signedIn();
    fakeImageModel(["hang", "image-success.json"], { latencyMs: 50 });
    await openBatch();
    await addFiles(photos(3));
    await processAll();
    const first = screen.getAllByTestId("batch-card")[0]!;
    await waitFor(() => expect(first.dataset.status).toBe("sending"));
    await userEvent.setup().click(within(first).getByRole("button", { name: "Cancel photo-1.png" }));
    await finished(3);
    expect(statuses()).toEqual(["cancelled", "done", "done"]);
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("leaving the page cancels what is running and counts nothing more", async () => {
    signedIn();
    const gemini = fakeImageModel(["hang"]);
    const view = await openBatch();
    await addFiles(photos(4));
    await processAll();
    await waitFor(() => expect(gemini.calls).toHaveLength(3));
    view.unmount();
    await new Promise((r) => setTimeout(r, 50));
    expect(gemini.calls).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});

describe("Batch in hosted mode: the server's monthly limit mid-batch", () => {
  beforeEach(() => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
  });

  /** Signed in on $5/month (20 a month) with the server's row at `used`, and the fake proxy. */
  function hosted(used: number, replies: ProxyReply[]) {
    signedIn();
    server.use(usageRowHandler(used).handler);
    const ai = hostedAiHandler(replies);
    server.use(ai.handler);
    return ai;
  }

  it("stops the queue: what is still waiting is not sent, the rest say why; nothing counted here", async () => {
    const none = { used: 20, limit: 20, remaining: 0 };
    const ai = hosted(15, [
      { fixture: "image-success.json", usage: none },
      { refusal: "CONVERSION_LIMIT_REACHED", usage: none },
    ]);
    await openBatch();
    expect(await counter()).toHaveTextContent("Remaining conversions: 5 / 20");
    await addFiles(photos(5));
    await processAll();
    await finished(5);
    expect(statuses()).toEqual(["done", "failed", "failed", "failed", "failed"]);
    // Three in flight when the first refusal came: the fifth photo was never sent.
    expect(ai.requests.length).toBeLessThanOrEqual(4);
    const limit = "Error: You've used all your free conversions for this month";
    expect(screen.getAllByText(limit)).toHaveLength(4);
    expect(await screen.findByText("Failed to process 4 image(s)")).toBeInTheDocument();
    expect(screen.getAllByText(/^Upgrade your plan on the Pricing page/).length).toBeGreaterThan(0);
    expect(await counter()).toHaveTextContent("Remaining conversions: 0 / 20");
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("refused before any result: the limit toast and /pricing, as the check's own refusal", async () => {
    const ai = hosted(15, [
      { refusal: "CONVERSION_LIMIT_REACHED", usage: { used: 20, limit: 20, remaining: 0 } },
    ]);
    const { router } = await openBatch();
    await addFiles(photos(5));
    await processAll();
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade for more" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    // At most the three in flight; the other two were never sent.
    expect(ai.requests.length).toBeLessThanOrEqual(3);
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});
