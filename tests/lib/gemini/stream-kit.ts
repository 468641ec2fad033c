/**
 * What the streaming tests share: a user-key target, the text model and a poem request, the served
 * stream, and a call's failure as a GeminiError.
 */
import { getEnv } from "@/config/env";
import { isGeminiError, type GeminiError, type GeminiTarget, type StreamTextOptions } from "@/lib/gemini";
import { server } from "../../msw/server";
import { GEMINI_BASE_URL } from "../../msw/gemini";
import { geminiStreamHandler, type GeminiStreamReply } from "../../msw/gemini-stream";

export const KEY = "AIzaTestKey-0123456789";
const target: GeminiTarget = { baseUrl: GEMINI_BASE_URL, apiKey: KEY, source: "user-key" };
export const TEXT_MODEL = getEnv().VITE_GEMINI_TEXT_MODEL;
export const PARTS: StreamTextOptions["parts"] = [
  { text: "Write a poem." },
  { inlineData: { mimeType: "image/jpeg", data: "/9j/4AAQSkZJRg==" } },
];

export function serveStream(replies: GeminiStreamReply | GeminiStreamReply[]) {
  const fake = geminiStreamHandler(replies);
  server.use(fake.handler);
  return fake;
}

/** A streamText call for the poem request with the user's key, and `overrides`. */
export function options(overrides: Partial<StreamTextOptions> = {}): StreamTextOptions {
  return { target, model: TEXT_MODEL, parts: PARTS, ...overrides };
}

/** The rejection of `promise` as a GeminiError (fails the test when it resolves or throws anything else). */
export async function failure(promise: Promise<unknown>): Promise<GeminiError> {
  const error = await promise.then(
    () => new Error("expected the call to fail"),
    (e: unknown) => e,
  );
  if (!isGeminiError(error)) throw error;
  return error;
}
