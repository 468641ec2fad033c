/**
 * What the kept-creations tests share: the signed-in user, small PNG creations and seeding them, the
 * per-test setup (canvas stubs, thumbnails that are the pictures themselves, the test key, downloads
 * caught), and opening My Creations.
 */
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { prepareCreation, putCreation, setThumbnailMaker, type NewCreation } from "@/lib/creations";
import { server } from "../msw/server";
import { GEMINI_BASE_URL } from "../msw/gemini";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { installCanvasStubs } from "../stubs/canvas";
import { renderApp } from "../utils";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";

export const USER = makeUser();

function png(tag: number): Blob {
  return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tag])], {
    type: "image/png",
  });
}

export function image(tool: NewCreation["tool"], instruction: string, tag = 1): NewCreation {
  return { tool, file: png(tag), instruction, original: png(100 + tag) };
}

export async function seed(userId: string, creation: NewCreation, at: number) {
  await putCreation(userId, await prepareCreation(creation, at));
}

let downloads: { name: string; href: string }[] = [];

/** The file the page last downloaded in this test. */
export function lastDownload() {
  return downloads.at(-1);
}

/** Registers the per-test setup (call once at the top of a test file). */
export function creationsTestSetup() {
  // The whole app renders in each test: give a busy CI machine time.
  vi.setConfig({ testTimeout: 30_000 });
  // Sonner's toasts capture the pointer when pressed (Undo); jsdom lacks it.
  Element.prototype.setPointerCapture ??= () => {};

  hideNodeEventsFromPQueue();

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
}

export async function openCreations() {
  renderApp("/creations");
  await screen.findByRole("heading", { level: 1, name: "My Creations" });
}
