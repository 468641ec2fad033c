/// <reference types="node" />
// What the /api/ai tests share: Gemini requests with and without images (the recorded fixtures of
// tests/fixtures), posting them as a user, the user's month as the database counts it, and the check of
// a Gemini-shaped refusal.
import fs from "node:fs";
import path from "node:path";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults";
import { createServiceClient, supabaseUrl, type TestUser, accessToken } from "./helpers";

export const IMAGE_MODEL = GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL;
export const TEXT_MODEL = GEMINI_DEFAULTS.VITE_GEMINI_TEXT_MODEL;
export const FIXTURES = path.resolve("tests/fixtures");
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, "gemini", name), "utf8");
/** The first event of the recorded poem stream (CRLF line ends, as Google sends them). */
export const firstEvent = () => `${fixture("stream-text-success.sse").split(/\r?\n\r?\n/)[0]}\r\n\r\n`;
export const PHOTO = fs.readFileSync(path.join(FIXTURES, "images", "coffee.png")).toString("base64");

export const imageBody = (images = 1) => ({
  contents: [
    {
      role: "user",
      parts: [
        { text: "Turn the subject into a cucumber." },
        ...Array.from({ length: images }, () => ({ inlineData: { mimeType: "image/png", data: PHOTO } })),
      ],
    },
  ],
  generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
});

export const textBody = () => ({
  contents: [
    {
      role: "user",
      parts: [{ text: "Describe this photo." }, { inlineData: { mimeType: "image/png", data: PHOTO } }],
    },
  ],
});

export function url(model: string, method = "generateContent", base = supabaseUrl()) {
  const stream = method === "streamGenerateContent" ? "?alt=sse" : "";
  return `${base}/api/ai/v1beta/models/${model}:${method}${stream}`;
}

export async function post(
  user: TestUser | null,
  body: unknown,
  options: { model?: string; method?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const token = options.token ?? (user ? await accessToken(user) : undefined);
  return fetch(url(options.model ?? IMAGE_MODEL, options.method), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function usageOf(user: TestUser) {
  const { data } = await createServiceClient().rpc("usage_status", { p_user_id: user.user.id });
  return data![0]!;
}

export async function expectGeminiError(response: Response, code: number, reason: string) {
  expect(response.status).toBe(code);
  const body = (await response.json()) as {
    error: { code: number; status: string; details: { reason?: string }[] };
  };
  expect(body.error.code).toBe(code);
  expect(body.error.details.find((detail) => detail.reason)?.reason).toBe(reason);
  return body;
}
