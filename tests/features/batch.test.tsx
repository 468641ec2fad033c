/// <reference types="node" />
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { customPrompt } from "@/config/prompts";
import type { TierId } from "@/config/tiers";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { fixtureText, GEMINI_BASE_URL, type GeminiFixtureName } from "../msw/gemini";
import { hostedAiHandler, usageRowHandler, type ProxyReply } from "../msw/hosted";
import { renderApp } from "../utils";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fixtureFile, signedIn as signIn, TEST_USER, toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();
// The whole app renders per test (real routes, guards, providers): on a busy 2-core runner that is slow.
vi.setConfig({ testTimeout: 45_000 });

const USER = TEST_USER;
const INSTRUCTION = "make it look like a watercolour painting";

const photos = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    fixtureFile("portrait-astronaut.png", "image/png", `photo-${i + 1}.png`),
  );

type Reply = GeminiFixtureName | { status: number; body: string } | "network-error" | "hang";

/** Fake Gemini answering `replies` in the order requests arrive (the last one repeats). */
function fakeGemini(replies: Reply[], latencyMs = 0) {
  const bodies: { contents: { parts: { text?: string; inlineData?: { mimeType: string } }[] }[] }[] = [];
  let inFlight = 0;
  let received = 0;
  let peak = 0;
  server.use(
    http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, async ({ request }) => {
      const reply = replies[Math.min(received++, replies.length - 1)]!;
      bodies.push((await request.json()) as (typeof bodies)[number]);
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        if (reply === "hang") return await delay("infinite").then(() => HttpResponse.error());
        if (latencyMs) await delay(latencyMs);
        if (reply === "network-error") return HttpResponse.error();
        if (typeof reply === "object")
          return new HttpResponse(reply.body, {
            status: reply.status,
            headers: { "Content-Type": "text/html" },
          });
        const status = /^error-(\d{3})-/.exec(reply)?.[1];
        return new HttpResponse(fixtureText(reply), {
          status: status ? Number(status) : 200,
          headers: { "Content-Type": "application/json" },
        });
      } finally {
        inFlight--;
      }
    }),
  );
  return { bodies, peak: () => peak };
}

/** The entries of a ZIP by its local file headers: name, compression method (0 = stored), bytes. */
function zipEntries(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const entries: { name: string; method: number; data: Uint8Array }[] = [];
  let at = 0;
  while (at + 30 <= zip.length && view.getUint32(at, true) === 0x04034b50) {
    const flags = view.getUint16(at + 6, true);
    const method = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength));
    const start = at + 30 + nameLength + extraLength;
    // client-zip streams: sizes come in a data descriptor after the data; find the next header.
    let end = start;
    if (flags & 0x8) {
      while (end + 4 <= zip.length && view.getUint32(end, true) !== 0x08074b50) end++;
    } else end = start + view.getUint32(at + 18, true);
    entries.push({ name, method, data: zip.subarray(start, end) });
    at = flags & 0x8 ? end + 16 : end;
  }
  return entries;
}

/** jsdom's Blob has no stream(); the ZIP library reads results through it, as browsers allow. */
if (!("stream" in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, "stream", {
    configurable: true,
    value(this: Blob) {
      const read = new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          const bytes = await read;
          controller.enqueue(new Uint8Array(bytes));
          controller.close();
        },
      });
    },
  });
}

const env = toolPageEnvironment();

/** Batch tests run on the $5/month plan unless they say otherwise. */
const signedIn = (tier: TierId | null = "$5/month", used = 0) => signIn({ tier, used });

async function openBatch() {
  const view = renderApp("/batch-processing");
  await screen.findByRole("heading", { level: 1, name: "Batch Image Processing" });
  return view;
}

async function addFiles(files: File[]) {
  await userEvent.setup().upload(screen.getByTestId("files-input"), files);
  await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(files.length));
}

async function processAll(instruction = INSTRUCTION) {
  const user = userEvent.setup();
  const field = screen.getByLabelText("Instruction");
  await user.clear(field);
  if (instruction) {
    await user.click(field);
    await user.paste(instruction);
  }
  await user.click(screen.getByRole("button", { name: "Process All Images" }));
}

const counter = () => screen.findByTestId("remaining-counter");
const statuses = () => screen.getAllByTestId("batch-card").map((card) => card.dataset.status);
const finished = (n: number, timeout = 15_000) =>
  screen
    .findByText(`${n} of ${n}`, {}, { timeout })
    .then(() => waitFor(() => expect(screen.queryByRole("button", { name: "Cancel all" })).toBeNull()));

describe("Batch Image Processing", () => {
  it("shows the counter, the picker, the instruction with voice input, the key field and the button", async () => {
    signedIn();
    await openBatch();
    expect(await counter()).toHaveTextContent("Remaining conversions: 20 / 20");
    expect(screen.getByRole("heading", { name: "Drop your images here" })).toBeInTheDocument();
    expect(screen.getByTestId("files-input")).toHaveAttribute("multiple");
    expect(screen.getByLabelText("Instruction")).toBeRequired();
    expect(screen.getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByText(/Your own Gemini API key/));
    expect(await screen.findByLabelText("Gemini API key")).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Process All Images" })).toBeEnabled();
    await addFiles(photos(3));
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 3 conversions of your 20 left this month.",
    );
    await waitFor(() =>
      expect(screen.getAllByRole("img", { name: /^Original: photo-\d\.png$/ })).toHaveLength(3),
    );
  });

  it("processes every image: three at a time, each counted as it comes back, toasts, ZIP of the results", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"], 30);
    await openBatch();
    await addFiles(photos(5));
    await processAll();
    expect(await screen.findByText("Processing images...")).toBeInTheDocument();
    await finished(5);
    expect(await screen.findByText("Successfully processed 5 image(s)")).toBeInTheDocument();
    expect(statuses()).toEqual(["done", "done", "done", "done", "done"]);
    expect(screen.getAllByRole("img", { name: /^Result: photo-\d\.png$/ })).toHaveLength(5);
    expect(gemini.bodies).toHaveLength(5);
    expect(gemini.peak()).toBeLessThanOrEqual(3);
    expect(gemini.peak()).toBeGreaterThan(1);
    const parts = gemini.bodies[0]!.contents[0]!.parts;
    expect(parts[0]!.text).toBe(customPrompt(INSTRUCTION));
    expect(parts[1]!.inlineData?.mimeType).toBe("image/jpeg");
    expect(getUsedConversions(USER.id)).toBe(5);
    expect(await counter()).toHaveTextContent("Remaining conversions: 15 / 20");
    expect(screen.getByRole("progressbar", { name: "Batch progress" })).toHaveAttribute("aria-valuenow", "5");

    const blobs: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return "blob:test";
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Download photo-2-processed.png" }));
    await user.click(screen.getByRole("button", { name: "Download all" }));
    await waitFor(() =>
      expect(env.downloads().map((d) => d.name)).toEqual(["photo-2-processed.png", "batch-results.zip"]),
    );
    // The ZIP holds the five PNGs, stored as they are, named after the originals.
    const entries = zipEntries(new Uint8Array(await blobs.at(-1)!.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual([1, 2, 3, 4, 5].map((n) => `photo-${n}-processed.png`));
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect([...entry.data.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it("a blank instruction or no images is refused plainly and nothing is sent", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"]);
    await openBatch();
    await processAll("   ");
    expect(await screen.findAllByText("Please add at least one image to process.")).not.toHaveLength(0);
    expect(screen.getAllByText("Please enter an instruction for your images.")).not.toHaveLength(0);
    await addFiles(photos(1));
    await processAll("   ");
    expect(
      screen
        .queryAllByText("Please add at least one image to process.")
        .filter((e) => e.getAttribute("role") === "alert"),
    ).toHaveLength(0);
    expect(screen.getAllByText("Please enter an instruction for your images.")).not.toHaveLength(0);
    expect(gemini.bodies).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("more files than conversions left: the spec's message, /pricing, nothing sent", async () => {
    signedIn(null, 1);
    const gemini = fakeGemini(["image-success.json"]);
    const { router } = await openBatch();
    await addFiles(photos(3));
    expect(screen.getByTestId("batch-short")).toHaveTextContent(
      "You don't have enough conversions left (2) to process 3 files. Please upgrade your plan.",
    );
    await processAll();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(
      await screen.findByText(
        "You don't have enough conversions left (2) to process 3 files. Please upgrade your plan.",
      ),
    ).toBeInTheDocument();
    expect(gemini.bodies).toHaveLength(0);
  });

  it("at most 50 images per run, said plainly", async () => {
    signedIn("$30/month");
    await openBatch();
    await userEvent.setup().upload(screen.getByTestId("files-input"), photos(52));
    expect(
      await screen.findAllByText("You can process at most 50 images at a time: 2 files were not added."),
    ).not.toHaveLength(0);
    expect(await screen.findByRole("heading", { name: "Images (50)" })).toBeInTheDocument();
  });

  it("a mixed batch: results and errors side by side, both toasts, only results counted", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json", "finish-no-image.json", "image-success.json"]);
    await openBatch();
    await addFiles([...photos(3), fixtureFile("not-an-image.jpg", "image/jpeg", "notes.jpg")]);
    await processAll();
    await finished(4);
    expect(await screen.findByText("Successfully processed 2 image(s)")).toBeInTheDocument();
    expect(screen.getByText("Failed to process 2 image(s)")).toBeInTheDocument();
    expect(statuses().sort()).toEqual(["done", "done", "failed", "failed"]);
    const bad = screen.getAllByTestId("batch-card").find((c) => c.textContent?.includes("notes.jpg"))!;
    expect(within(bad).getByText(/^Error: This file is not an image/)).toBeInTheDocument();
    expect(screen.getByText("Error: No modified image returned from API")).toBeInTheDocument();
    // The unreadable file is never sent.
    expect(gemini.bodies).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(await counter()).toHaveTextContent("Remaining conversions: 18 / 20");

    // Retry failed takes the image the AI failed on again, not the unreadable file.
    await userEvent.setup().click(screen.getByRole("button", { name: "Retry failed" }));
    await finished(1);
    expect(gemini.bodies).toHaveLength(4);
    expect(statuses().sort()).toEqual(["done", "done", "done", "failed"]);
    expect(getUsedConversions(USER.id)).toBe(3);
  });

  describe("every failure class: a clear error on the card, nothing counted", () => {
    it.each<[string, Reply, string]>([
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
      const gemini = fakeGemini([reply]);
      await openBatch();
      await addFiles(photos(2));
      await processAll();
      await finished(2);
      const errors = screen.getAllByText((_, el) => el?.tagName === "P" && el.textContent!.startsWith(text));
      expect(errors.length).toBeGreaterThanOrEqual(2);
      expect(await screen.findAllByText("Failed to process 2 image(s)")).not.toHaveLength(0);
      expect(screen.getByTestId("error-banner")).toHaveTextContent("Failed to process 2 image(s)");
      // With what to do about it, from the failure itself.
      expect(screen.getByTestId("error-banner")).not.toHaveTextContent("Please try again.");
      expect(getUsedConversions(USER.id)).toBe(0);
      // A key, model or quota problem is the same for every image: the rest are not sent.
      if (typeof reply === "string" && /error-4/.test(reply))
        expect(gemini.bodies.length).toBeLessThanOrEqual(2);
    });

    it("a rate limit pauses the whole batch once, shown once, then every image goes through", async () => {
      signedIn();
      const gemini = fakeGemini(["error-429-quota.json", "error-429-quota.json", "image-success.json"]);
      await openBatch();
      await addFiles(photos(3));
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        await processAll();
        expect(await screen.findByText(/all images are paused\. Continuing in \d+ s\./)).toBeInTheDocument();
        expect(screen.getAllByTestId("batch-pause")).toHaveLength(1);
        await vi.advanceTimersByTimeAsync(8000);
        await finished(3);
      } finally {
        vi.useRealTimers();
      }
      expect(statuses()).toEqual(["done", "done", "done"]);
      // Three sends, and one more for each of the two images the AI asked to wait.
      expect(gemini.bodies).toHaveLength(5);
      expect(getUsedConversions(USER.id)).toBe(3);
    });

    it("offline: each image tries again on its own, then says so", async () => {
      signedIn();
      const gemini = fakeGemini(["network-error", "image-success.json"]);
      await openBatch();
      await addFiles(photos(1));
      await processAll();
      await finished(1, 8000);
      expect(statuses()).toEqual(["done"]);
      expect(gemini.bodies).toHaveLength(2);
      expect(getUsedConversions(USER.id)).toBe(1);
    }, 15_000);
  });

  it("Cancel all stops the batch and counts only what had come back", async () => {
    signedIn();
    fakeGemini(["image-success.json", "hang"]);
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
    fakeGemini(["hang", "image-success.json"], 50);
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
    const gemini = fakeGemini(["hang"]);
    const view = await openBatch();
    await addFiles(photos(4));
    await processAll();
    await waitFor(() => expect(gemini.bodies).toHaveLength(3));
    view.unmount();
    await new Promise((r) => setTimeout(r, 50));
    expect(gemini.bodies).toHaveLength(3);
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
