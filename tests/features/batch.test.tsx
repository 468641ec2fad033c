/** Batch Image Processing: the page, a whole run, the ZIP, the checks before a run and a mixed result. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { customPrompt } from "@/config/variants";
import { getUsedConversions } from "@/lib/usage";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fakeImageModel } from "./fake-image-model";
import {
  addFiles,
  counter,
  finished,
  INSTRUCTION,
  openBatch,
  photos,
  processAll,
  signedIn,
  statuses,
} from "./batch-kit";
import { fixtureFile, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

hideNodeEventsFromPQueue();

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
    const gemini = fakeImageModel(["image-success.json"], { latencyMs: 30 });
    await openBatch();
    await addFiles(photos(5));
    await processAll();
    expect(await screen.findByText("Processing images...")).toBeInTheDocument();
    await finished(5);
    expect(await screen.findByText("Successfully processed 5 image(s)")).toBeInTheDocument();
    expect(statuses()).toEqual(["done", "done", "done", "done", "done"]);
    expect(screen.getAllByRole("img", { name: /^Result: photo-\d\.png$/ })).toHaveLength(5);
    expect(gemini.calls).toHaveLength(5);
    expect(gemini.peak()).toBeLessThanOrEqual(3);
    expect(gemini.peak()).toBeGreaterThan(1);
    const parts = gemini.calls[0]!.body.contents[0]!.parts;
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
    const gemini = fakeImageModel(["image-success.json"]);
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
    expect(gemini.calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("more files than conversions left: the spec's message, /pricing, nothing sent", async () => {
    signedIn(null, 1);
    const gemini = fakeImageModel(["image-success.json"]);
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
    expect(gemini.calls).toHaveLength(0);
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
    const gemini = fakeImageModel(["image-success.json", "finish-no-image.json", "image-success.json"]);
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
    expect(gemini.calls).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(await counter()).toHaveTextContent("Remaining conversions: 18 / 20");

    // Retry failed takes the image the AI failed on again, not the unreadable file, and says what that
    // uses beside it before it is pressed (issue 27 §2).
    const retry = screen.getByRole("button", { name: "Retry failed" });
    expect(retry).toHaveAccessibleDescription("This uses 1 conversion of your 18 left this month.");
    expect(retry.parentElement!.parentElement).toHaveTextContent(
      "This uses 1 conversion of your 18 left this month.",
    );
    await userEvent.setup().click(retry);
    await finished(1);
    expect(gemini.calls).toHaveLength(4);
    expect(statuses().sort()).toEqual(["done", "done", "done", "failed"]);
    expect(getUsedConversions(USER.id)).toBe(3);
  });
});

describe("Batch's file names say a size above 1K (issue 28)", () => {
  it("names each result, and what is kept, with its size; unique within the batch", async () => {
    const { keptBatchResult, resultFileName } = await import("@/tools/batch/batch-image");
    const taken = new Set<string>();
    const at4k = { shape: "16:9", size: "4K" } as const;
    expect(resultFileName("photo.jpg", "image/png", taken, at4k)).toBe("photo-processed-4k.png");
    expect(resultFileName("photo.jpeg", "image/png", taken, at4k)).toBe("photo-processed-4k-2.png");
    expect(resultFileName("photo.jpg", "image/png", taken, { shape: "same", size: "1K" })).toBe(
      "photo-processed.png",
    );
    expect(resultFileName("photo.jpg", "image/png", taken)).toBe("photo-processed-2.png");

    const file = new File(["x"], "beach.jpg", { type: "image/jpeg" });
    const result = { blob: new Blob(["png"], { type: "image/png" }), mimeType: "image/png" };
    const kept = keptBatchResult("run-1", "make it pop", result, { file }, { shape: "1:1", size: "2K" });
    expect(kept.fileName).toBe("beach-processed-2k.png");
    expect(kept.details).toEqual({ run: "run-1", original: "beach.jpg", shape: "1:1", size: "2K" });
  });
});
