/**
 * What the generateImage/generateText tests share: a user-key target, the models, their thinking and an
 * image request, the image of image-success.json, the served answers, a clock run to the end with fake
 * timers, and the per-test reset of timers and mocks.
 */
import { afterEach, beforeAll, vi } from "vitest";
import { getEnv } from "@/config/env";
import { defaultThinking } from "@/config/gemini-calls";
import type { GeminiTarget, GenerateOptions } from "@/lib/gemini";
import { server } from "../../msw/server";
import { fixtureText, GEMINI_BASE_URL, geminiHandler, type GeminiReply } from "../../msw/gemini";
import { KEY, TEXT_MODEL } from "./stream-kit";

export { failure } from "./stream-kit";
export { KEY, TEXT_MODEL };
export const target: GeminiTarget = { baseUrl: GEMINI_BASE_URL, apiKey: KEY, source: "user-key" };
export const IMAGE_MODEL = getEnv().VITE_GEMINI_IMAGE_MODEL;
/** The thinkingConfig the page sends with each call to the default models. */
export const IMAGE_THINKING = defaultThinking("image", IMAGE_MODEL);
export const TEXT_THINKING = defaultThinking("text", TEXT_MODEL);
const PHOTO = { mimeType: "image/jpeg", data: "/9j/4AAQSkZJRg==" };
export const PARTS: GenerateOptions["parts"] = [{ text: "Add one cucumber." }, { inlineData: PHOTO }];

/** The image part of image-success.json. */
export const SUCCESS_IMAGE = (() => {
  const body = JSON.parse(fixtureText("image-success.json")) as {
    candidates: { content: { parts: { inlineData?: { mimeType: string; data: string } }[] } }[];
  };
  const image = body.candidates[0]?.content.parts[1]?.inlineData;
  if (!image) throw new Error("image-success.json has no image part");
  return image;
})();

/** Gemini answers `replies` in order (the last one from then on); returns the requests it saw. */
export function serve(replies: GeminiReply | GeminiReply[]) {
  const fake = geminiHandler(replies);
  server.use(fake.handler);
  return fake;
}

/** A generateImage call for the cucumber request with the user's key, and `overrides`. */
export function imageOptions(overrides: Partial<GenerateOptions> = {}): GenerateOptions {
  return { target, model: IMAGE_MODEL, parts: PARTS, ...overrides };
}

/** With fake timers: runs the clock until `promise` settles (every retry wait and per-attempt timeout). */
export async function settle<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 500 && !settled; i++) await vi.advanceTimersByTimeAsync(100);
  return promise;
}

/**
 * Registers the per-test reset (call once at the top of a test file): real timers, no mocks left. Also
 * loads the reading of failed answers first (client.lazy.ts, which the client fetches with the first
 * failed answer): with fake timers, `settle` advances the clock in a bounded loop, and a module still
 * loading from disk when the loop ends (the first failure of a file, on a busy machine) left the retry's
 * timer unfired and the test waiting until its timeout.
 */
export function clientTestSetup() {
  beforeAll(async () => {
    await import("@/lib/gemini/client.lazy");
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}

/** An image call's picture as the answer carried it: its type and its bytes in base64. */
export async function imageOf(result: {
  blob: Blob;
  mimeType: string;
}): Promise<{ mimeType: string; data: string }> {
  expect(result.blob.type).toBe(result.mimeType);
  return { mimeType: result.mimeType, data: Buffer.from(await result.blob.arrayBuffer()).toString("base64") };
}
