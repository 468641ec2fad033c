/// <reference types="node" />
/**
 * What every tool page's component tests share: fixture photos as Files, a signed-in user on a plan
 * with some of the month used, a fake Gemini from the recorded answers, and the page's environment
 * (canvas stand-ins, a default key pointing at the fake Gemini, downloads captured).
 */
import fs from "node:fs";
import path from "node:path";
import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, vi } from "vitest";
import type { TierId } from "@/config/tiers";
import { monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import { server } from "../msw/server";
import { GEMINI_BASE_URL, geminiHandler, type GeminiReply } from "../msw/gemini";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { installCanvasStubs } from "../stubs/canvas";
import { instantRetryWaits } from "./retry-waits";

/** The user every tool test signs in as (makeUser() is the same user each time). */
export const TEST_USER = makeUser();

/** A photo of tests/fixtures/images as the File a picker or a drop gives. */
export function fixtureFile(name: string, type = "image/png", as = name): File {
  return new File([fs.readFileSync(path.resolve("tests/fixtures/images", name))], as, { type });
}

/** Signed in as TEST_USER on `tier` (null: no subscriptions row, so Freemium) with `used` conversions. */
export function signedIn({ tier = null, used = 0 }: { tier?: TierId | null; used?: number } = {}) {
  storeSession();
  if (used)
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [TEST_USER.id]: { [monthKey()]: used } }));
  server.use(subscriptionHandler(tier));
}

/** The fake Gemini answering `replies` in order (the last repeats); returns what it received. */
export function fakeGemini(replies: GeminiReply | GeminiReply[]) {
  const { handler, requests } = geminiHandler(replies);
  server.use(handler);
  return requests;
}

export type Download = { name: string; href: string };

/**
 * Registers the tool page environment around every test of the file: canvas stand-ins, the default
 * key and the fake Gemini's URL, waits between attempts that pass at once (retry-waits.ts), and every
 * download captured instead of followed.
 */
export function toolPageEnvironment() {
  instantRetryWaits();
  let downloads: Download[] = [];
  let restoreCanvas: () => void = () => undefined;
  beforeEach(() => {
    restoreCanvas = installCanvasStubs();
    vi.stubEnv("VITE_GEMINI_API_KEY", "test-default-key");
    vi.stubEnv("VITE_GEMINI_BASE_URL", GEMINI_BASE_URL);
    downloads = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    restoreCanvas();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });
  return { downloads: () => downloads };
}

/** The toasts on screen (one on its way out aside), by their titles. */
export function toastsShown(): string[] {
  return [...document.querySelectorAll("[data-sonner-toast]:not([data-removed='true'])")].map(
    (toast) => toast.querySelector("[data-title]")?.textContent ?? "",
  );
}

/**
 * No toast on screen: a failure is said once, by the page's banner alone (issue 27 §4), and the run's
 * toast went rather than say it again.
 */
export async function expectNoToast() {
  await waitFor(() => expect(toastsShown()).toEqual([]));
}
