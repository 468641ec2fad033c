/**
 * What the kept-creations tests share: the signed-in user, small PNG creations and seeding them, the
 * per-test setup, and opening My Creations.
 */
import { screen } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { type NewCreation } from "@/lib/creations";
import { prepareCreation } from "@/lib/creations/prepare";
import { setThumbnailMaker } from "@/lib/creations/thumbnail";
import { putCreation } from "@/lib/creations/write";
import { server } from "../msw/server";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { toolPageEnvironment } from "./tool-kit";

export const USER = makeUser();

function png(tag: number): Blob {
  return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, tag])], {
    type: "image/png",
  });
}

export function image(tool: NewCreation["tool"], instruction: string, tag = 1): NewCreation {
  return { tool, file: png(tag), instruction, original: png(100 + tag) };
}

/** A frog result tagged `tag`, made from `original`: results of one photo are versions of it. */
export function frogResult(tag: number, original: File): NewCreation {
  return {
    tool: "frog",
    file: png(tag),
    instruction: `frog ${tag}`,
    prompt: `Make it a frog ${tag}`,
    original,
  };
}

/** Seeds one creation kept at `at`, as the store keeps it; resolves with its record. */
export async function seed(userId: string, creation: NewCreation, at: number) {
  return putCreation(userId, await prepareCreation(creation, at));
}

/**
 * Registers the per-test setup (call once at the top of a test file): the tool pages' environment
 * (canvas stubs, the test key, downloads caught), thumbnails that are the pictures themselves, and
 * the user signed in on Freemium. Returns the file the page last downloaded in the running test.
 */
export function creationsTestSetup() {
  // Sonner's toasts capture the pointer when pressed (Undo); jsdom lacks it.
  Element.prototype.setPointerCapture ??= () => {};

  hideNodeEventsFromPQueue();
  const env = toolPageEnvironment();
  let restoreMaker: () => void;

  beforeEach(() => {
    // jsdom has no canvas: "thumbnails" are the pictures themselves (the real maker: tests/browser).
    restoreMaker = setThumbnailMaker(async (source) => source);
    storeSession();
    server.use(subscriptionHandler(null));
  });

  afterEach(() => {
    restoreMaker();
  });

  return { lastDownload: () => env.downloads().at(-1) };
}

export async function openCreations() {
  renderApp("/creations");
  await screen.findByRole("heading", { level: 1, name: "My Creations" });
}
