/// <reference types="node" />
import fs from "node:fs";
import path from "node:path";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "sonner";
import { getVariant } from "@/config/variants";
import { keepCreation, NO_ROOM_MESSAGE, NOT_KEPT_MESSAGE } from "@/lib/keep-creation";
import {
  getCreation,
  getThumbs,
  listCreations,
  prepareCreation,
  putCreation,
  readText,
  setThumbnailMaker,
  type NewCreation,
} from "@/lib/creations";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { geminiHandler, GEMINI_BASE_URL } from "../msw/gemini";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { installCanvasStubs } from "../stubs/canvas";
import { renderApp } from "../utils";
import { openFromMenu } from "./account/helpers";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";

// The whole app renders in each test: give a busy CI machine time.
vi.setConfig({ testTimeout: 30_000 });
// Sonner's toasts capture the pointer when pressed (Undo); jsdom lacks it.
Element.prototype.setPointerCapture ??= () => {};

hideNodeEventsFromPQueue();

const USER = makeUser();
const OTHER = "someone-else";
const FROG = getVariant("frog");

function png(tag: number): Blob {
  return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tag])], {
    type: "image/png",
  });
}

function image(tool: NewCreation["tool"], instruction: string, tag = 1): NewCreation {
  return { tool, file: png(tag), instruction, original: png(100 + tag) };
}

async function seed(userId: string, creation: NewCreation, at: number) {
  await putCreation(userId, await prepareCreation(creation, at));
}

let downloads: { name: string; href: string }[] = [];
let restoreMaker: () => void;
let restoreCanvas: () => void;

beforeEach(() => {
  restoreCanvas = installCanvasStubs();
  // jsdom has no canvas: "thumbnails" are the pictures themselves (the real maker: tests/browser).
  restoreMaker = setThumbnailMaker(async (source) => source);
  vi.stubEnv("VITE_GEMINI_API_KEY", "test-default-key");
  vi.stubEnv("VITE_GEMINI_BASE_URL", GEMINI_BASE_URL);
  vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "");
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
  storeSession();
  server.use(subscriptionHandler(null));
});

afterEach(() => {
  restoreMaker();
  restoreCanvas();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

async function openCreations() {
  renderApp("/creations");
  await screen.findByRole("heading", { level: 1, name: "My Creations" });
}

describe("My Creations (/creations)", () => {
  it("needs a login but no plan: with every conversion of the month used it still opens", async () => {
    const month = new Date();
    const key = `${month.getFullYear()}-${String(month.getMonth() + 1).padStart(2, "0")}`;
    localStorage.setItem("conversionUsage", JSON.stringify({ [USER.id]: { [key]: 3 } }));
    await seed(USER.id, image("hulk", "still mine"), 1000);
    await openCreations();
    expect(await screen.findByText("still mine")).toBeInTheDocument();
    expect(screen.queryByText("Usage Limit Reached")).not.toBeInTheDocument();
  });

  it("signed out: sends the visitor to the login page", async () => {
    localStorage.clear();
    const { router } = renderApp("/creations");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("with nothing kept: an empty state that points to every tool", async () => {
    await openCreations();
    expect(await screen.findByRole("heading", { name: "No creations yet" })).toBeInTheDocument();
    const tools = within(screen.getByRole("navigation", { name: "Tools" }));
    expect(tools.getByRole("link", { name: "Hulk" })).toHaveAttribute("href", "/hulk");
    expect(tools.getByRole("link", { name: "Visual Poetry" })).toHaveAttribute("href", "/visual-poetry");
    expect(screen.getByTestId("creations-storage")).toHaveTextContent("0 creations");
    expect(screen.queryByRole("button", { name: "Delete all" })).not.toBeInTheDocument();
  });

  it("shows only the signed-in user's creations, newest first, with tool and date; filters and searches", async () => {
    await seed(USER.id, image("hulk", "green giant"), Date.UTC(2026, 10, 20, 12));
    await seed(
      USER.id,
      { tool: "poetry", kind: "text", file: "Moonlit hat\nover the pond", instruction: "" },
      Date.UTC(2026, 10, 21, 12),
    );
    await seed(USER.id, image("frog", "a frog on a hat"), Date.UTC(2026, 10, 22, 12));
    await seed(OTHER, image("hulk", "not yours"), Date.UTC(2026, 10, 23, 12));
    const user = userEvent.setup();
    await openCreations();
    const grid = await screen.findByRole("list", { name: "Creations" });
    const cards = within(grid).getAllByRole("button");
    expect(cards.map((c) => c.getAttribute("aria-label")?.split(" creation")[0])).toEqual([
      "Open Frog",
      "Open Visual Poetry",
      "Open Hulk",
    ]);
    expect(screen.queryByText("not yours")).not.toBeInTheDocument();
    expect(screen.getByTestId("creations-storage")).toHaveTextContent("3 creations");
    expect(
      within(grid).getByText("Moonlit hat over the pond", { normalizer: (s) => s.replace(/\s+/g, " ") }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText("Search by instruction"), "hat");
    await waitFor(() => expect(within(grid).getAllByRole("button")).toHaveLength(2));
    expect(screen.getByText("2 creations match")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Search by instruction"), " zebra");
    expect(await screen.findByText("No creations match your search.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Creations" })).getAllByRole("button")).toHaveLength(3),
    );

    await user.click(screen.getByRole("combobox", { name: "Tool" }));
    await user.click(await screen.findByRole("option", { name: "Hulk" }));
    await waitFor(() =>
      expect(within(screen.getByRole("list", { name: "Creations" })).getAllByRole("button")).toHaveLength(1),
    );
    expect(screen.getByText("green giant")).toBeInTheDocument();
  });

  it("opens one large (the poem's text), downloads it with the tool's file name, deletes it with undo", async () => {
    await seed(
      USER.id,
      { tool: "poetry", kind: "text", file: "Roses are green\nand so is the frog", instruction: "" },
      1000,
    );
    const user = userEvent.setup();
    await openCreations();
    await user.click(await screen.findByRole("button", { name: /^Open Visual Poetry creation from/ }));
    const viewer = await screen.findByRole("dialog", { name: "Visual Poetry" });
    expect(await within(viewer).findByText(/Roses are green\s+and so is the frog/)).toBeInTheDocument();
    await user.click(within(viewer).getByRole("button", { name: "Download" }));
    expect(downloads.at(-1)?.name).toBe("visual-poem.txt");

    await user.click(within(viewer).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Creation deleted.")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "No creations yet" })).toBeInTheDocument();
    expect((await listCreations(USER.id)).total).toBe(0);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Creation restored.")).toBeInTheDocument();
    expect(
      await screen.findByRole("button", { name: /^Open Visual Poetry creation from/ }),
    ).toBeInTheDocument();
    const [back] = (await listCreations(USER.id)).items;
    expect(back?.excerpt).toBe("Roses are green\nand so is the frog");
  });

  it("delete all asks first, then removes only this user's creations", async () => {
    await seed(USER.id, image("hulk", "mine"), 1000);
    await seed(OTHER, image("hulk", "theirs"), 2000);
    const user = userEvent.setup();
    await openCreations();
    await user.click(await screen.findByRole("button", { name: "Delete all" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete all your creations?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect((await listCreations(USER.id)).total).toBe(1);
    await user.click(screen.getByRole("button", { name: "Delete all" }));
    await user.click(
      within(await screen.findByRole("alertdialog", { name: "Delete all your creations?" })).getByRole(
        "button",
        {
          name: "Delete all",
        },
      ),
    );
    expect(await screen.findByRole("heading", { name: "No creations yet" })).toBeInTheDocument();
    expect((await listCreations(USER.id)).total).toBe(0);
    expect((await listCreations(OTHER)).total).toBe(1);
  });

  it("a creation kept without thumbnails (page closed right after the result) gets them when shown", async () => {
    const quick = await prepareCreation(image("hulk", "quick one"), 1000, { thumbnails: false });
    await putCreation(USER.id, quick);
    expect((await getThumbs(USER.id, [quick.record.id])).get(quick.record.id)?.result).toBeUndefined();
    await openCreations();
    expect(await screen.findByText("quick one")).toBeInTheDocument();
    await waitFor(async () =>
      expect((await getThumbs(USER.id, [quick.record.id])).get(quick.record.id)?.result).toBeDefined(),
    );
  });

  it("pages a large collection: 48 at a time, then Show more", async () => {
    for (let i = 0; i < 50; i++) await seed(USER.id, image("gta", `city ${i}`, i), 1000 + i);
    const user = userEvent.setup();
    await openCreations();
    const grid = await screen.findByRole("list", { name: "Creations" });
    expect(within(grid).getAllByRole("button")).toHaveLength(48);
    await user.click(screen.getByRole("button", { name: "Show more (2 more)" }));
    await waitFor(() => expect(within(grid).getAllByRole("button")).toHaveLength(50));
    expect(screen.queryByRole("button", { name: /Show more/ })).not.toBeInTheDocument();
  });
});

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
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.click(screen.getByRole("button", { name: "Download" }));
    expect(downloads.at(-1)?.name).toBe(FROG.downloadName);
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
    await waitFor(async () => expect((await listCreations(USER.id, { tool: "batch" })).total).toBe(2), {
      timeout: 15_000,
    });
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
    expect(downloads.at(-1)?.name).toBe("alice-processed.png");
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

describe("Settings", () => {
  it("Delete my creations on this device: asks first, deletes only this user's, counts untouched", async () => {
    await seed(USER.id, image("hulk", "mine"), 1000);
    await seed(OTHER, image("hulk", "theirs"), 2000);
    localStorage.setItem("conversionUsage", JSON.stringify({ [USER.id]: { "2026-11": 2 } }));
    const user = userEvent.setup();
    renderApp("/creations");
    await screen.findByRole("button", { name: "Account menu" }, { timeout: 10_000 });
    const settings = await openFromMenu({ user }, "Settings", "Settings");
    await user.click(within(settings).getByRole("button", { name: "Delete my creations on this device" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete all your creations?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete all" }));
    expect(await screen.findByText("Your creations on this device were deleted.")).toBeInTheDocument();
    expect((await listCreations(USER.id)).total).toBe(0);
    expect((await listCreations(OTHER)).total).toBe(1);
    expect(localStorage.getItem("conversionUsage")).toBe(JSON.stringify({ [USER.id]: { "2026-11": 2 } }));
  });
});

describe("running out of space", () => {
  it("My Creations says so and offers to delete the oldest", async () => {
    for (let i = 0; i < 12; i++) await seed(USER.id, image("hulk", `n${i}`, i), 1000 + i);
    // jsdom has no navigator.storage: a browser that is nearly full.
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { estimate: async () => ({ usage: 95, quota: 100 }) },
    });
    const user = userEvent.setup();
    await openCreations();
    expect(
      await screen.findByText("This browser is running out of space for your creations."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete the 10 oldest" }));
    expect(await screen.findByText("10 oldest creations deleted.")).toBeInTheDocument();
    expect((await listCreations(USER.id)).items.map((r) => r.instruction)).toEqual(["n11", "n10"]);
    Reflect.deleteProperty(navigator, "storage");
  });
});
