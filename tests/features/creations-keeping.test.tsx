/// <reference types="node" />
// Keeping results: each tool's result kept on the device as it comes, shown again on the next visit, and what a full or missing storage says.
import fs from "node:fs";
import path from "node:path";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import { getVariant } from "@/config/variants";
import { getCreation, keepCreation, listCreations, NOT_KEPT_MESSAGE, readText } from "@/lib/creations";
import { NO_ROOM_MESSAGE } from "@/lib/creations/keep.lazy";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { geminiHandler } from "../msw/gemini";
import { subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";
import { creationsTestSetup, image, seed, USER } from "./creations-kit";

const { lastDownload } = creationsTestSetup();

const FROG = getVariant("frog");

describe("keeping results", () => {
  it("a style conversion is kept with its tool, file name and original, and shown again on the next visit", async () => {
    const gemini = geminiHandler({ fixture: "image-success.json" });
    server.use(gemini.handler);
    const user = userEvent.setup();
    const first = renderApp(FROG.path);
    await screen.findByRole("heading", { level: 1, name: FROG.title });
    const file = new File(
      [fs.readFileSync(path.resolve("tests/fixtures/images/portrait-astronaut.png"))],
      "me.png",
      {
        type: "image/png",
      },
    );
    await user.upload(await screen.findByTestId("file-input"), file);
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    await waitFor(async () => expect((await listCreations(USER.id)).total).toBe(1));
    const [kept] = (await listCreations(USER.id)).items;
    expect(kept).toMatchObject({
      tool: "frog",
      kind: "image",
      fileName: FROG.downloadName,
      hasOriginal: true,
    });
    expect(getUsedConversions(USER.id)).toBe(1);
    first.unmount();

    // Coming back: the result is there again, with its actions; nothing is counted or sent.
    renderApp(FROG.path);
    expect(await screen.findByText("Your last result, kept on this device.")).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Modified" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^blob:/),
    );
    await user.click(screen.getByRole("button", { name: "Download" }));
    expect(lastDownload()?.name).toBe(FROG.downloadName);
    expect(screen.getByRole("button", { name: "Share" })).toBeEnabled();
    expect(gemini.requests).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("batch: each image is kept as it comes back, named after its original, and the batch is shown again on the next visit", async () => {
    const gemini = geminiHandler({ fixture: "image-success.json" });
    server.use(subscriptionHandler("$5/month"), gemini.handler);
    const user = userEvent.setup();
    const first = renderApp("/batch-processing");
    await screen.findByRole("heading", { level: 1, name: "Batch Image Processing" });
    const bytes = fs.readFileSync(path.resolve("tests/fixtures/images/portrait-astronaut.png"));
    await user.upload(screen.getByTestId("files-input"), [
      new File([bytes], "alice.png", { type: "image/png" }),
      new File([bytes], "bob.png", { type: "image/png" }),
    ]);
    await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(2));
    await user.click(screen.getByLabelText("Instruction"));
    await user.paste("make it sepia");
    await user.click(screen.getByRole("button", { name: "Process All Images" }));
    await waitFor(async () => expect((await listCreations(USER.id, { tool: "batch" })).total).toBe(2));
    const kept = (await listCreations(USER.id)).items;
    expect(kept.map((r) => r.instruction)).toEqual(["make it sepia", "make it sepia"]);
    expect(kept.map((r) => r.fileName).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^alice/), expect.stringMatching(/^bob/)]),
    );
    expect(kept.every((r) => r.hasOriginal && r.kind === "image")).toBe(true);
    expect(new Set(kept.map((r) => r.details?.run)).size).toBe(1);
    await waitFor(() => expect(screen.getAllByRole("button", { name: /^Share / })).toHaveLength(2));
    first.unmount();

    // Coming back: the two cards are there again, done, with their results and actions; nothing is
    // sent or counted.
    renderApp("/batch-processing");
    expect(await screen.findByText("Your last batch, kept on this device.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(2));
    const cards = screen.getAllByTestId("batch-card");
    expect(cards.map((card) => card.dataset.status)).toEqual(["done", "done"]);
    expect(screen.getByRole("img", { name: "Result: alice.png" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Original: bob.png" })).toBeInTheDocument();
    expect(screen.getByLabelText("Instruction")).toHaveValue("make it sepia");
    await user.click(screen.getByRole("button", { name: "Download alice-processed.png" }));
    expect(lastDownload()?.name).toBe("alice-processed.png");
    expect(screen.getByRole("button", { name: "Share bob-processed.png" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Download all" })).toBeEnabled();
    expect(gemini.requests).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("a full disk: one plain message with Delete oldest, which makes room and keeps the result", async () => {
    for (let i = 0; i < 12; i++) await seed(USER.id, image("hulk", `old ${i}`, i), 1000 + i);
    const toastError = vi.spyOn(toast, "error");
    const put = vi.spyOn(IDBObjectStore.prototype, "put").mockImplementationOnce(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const kept = await keepCreation(USER.id, image("frog", "new one"));
    expect(kept).toBeNull();
    expect(toastError).toHaveBeenCalledTimes(1);
    const [message, options] = toastError.mock.calls[0]!;
    expect(message).toBe(NO_ROOM_MESSAGE);
    const action = (options as { action: { label: string; onClick: () => void } }).action;
    expect(action.label).toBe("Delete oldest");
    put.mockRestore();
    act(() => action.onClick());
    await waitFor(async () => expect((await listCreations(USER.id)).total).toBe(3));
    const left = (await listCreations(USER.id)).items.map((r) => r.instruction);
    expect(left).toEqual(["new one", "old 11", "old 10"]);
  });

  it("no storage at all (private browsing): the plain message, and the run is not affected", async () => {
    const toastError = vi.spyOn(toast, "error");
    const saved = globalThis.indexedDB;
    // @ts-expect-error -- a browser with IndexedDB switched off
    delete globalThis.indexedDB;
    try {
      expect(await keepCreation(USER.id, image("frog", "x"))).toBeNull();
    } finally {
      globalThis.indexedDB = saved;
    }
    expect(toastError).toHaveBeenCalledWith(
      NOT_KEPT_MESSAGE,
      expect.objectContaining({ id: "creation-not-kept" }),
    );
  });

  it("text results keep their text", async () => {
    await keepCreation(USER.id, { tool: "poetry", kind: "text", file: "A poem", instruction: "" });
    const [record] = (await listCreations(USER.id)).items;
    expect(record).toMatchObject({
      kind: "text",
      mimeType: "text/plain;charset=utf-8",
      fileName: "visual-poem.txt",
    });
    const opened = await getCreation(USER.id, record!.id);
    expect(await readText(opened!.files.file)).toBe("A poem");
  });
});
