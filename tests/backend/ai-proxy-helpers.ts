/// <reference types="node" />
// What the /api/ai tests share: Gemini requests with and without images (the recorded fixtures of
// tests/fixtures), posting them as a user, the user's month as the database counts it, and the check of
// a Gemini-shaped refusal.
import fs from "node:fs";
import path from "node:path";
import { handleAiProxy, type AiSettings } from "../../api/ai";
import type { CostSettings } from "../../api/_lib/ai-cost";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults";
import {
  createServiceClient,
  jwtSecret,
  PUBLISHABLE_KEY,
  secretKey,
  supabaseUrl,
  type TestUser,
  accessToken,
} from "./helpers";

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

/** The local backend as the proxy's Supabase project, for handleAiProxy called directly. */
export const proxyTarget = () => ({
  url: supabaseUrl(),
  publishableKey: PUBLISHABLE_KEY,
  secretKey: secretKey(),
  jwtSecret: jwtSecret(),
});

/** A recorded upstream: answers `body` to every call, and records what it was sent. */
export function upstreamAnswer(body: string, status = 200, type = "application/json") {
  return vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { "content-type": type } }));
}

export type DirectCall = {
  model?: string;
  method?: string;
  body?: unknown;
  /** Sent as x-cucumber-tool, as the page names its tool. */
  tool?: string;
  /** More request headers (x-cucumber-tool-input, as the page sends a tool's input). */
  headers?: Record<string, string>;
  settings?: Partial<AiSettings>;
  costs?: CostSettings;
  signal?: AbortSignal;
};

/** handleAiProxy called directly as `user`, with `settings` (and `options.settings` over them). */
export async function callProxy(
  user: TestUser,
  settings: AiSettings,
  upstreamFetch: typeof fetch,
  options: DirectCall = {},
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    authorization: `Bearer ${await accessToken(user)}`,
    ...options.headers,
  };
  if (options.tool !== undefined) headers["x-cucumber-tool"] = options.tool;
  const request = new Request(url(options.model ?? IMAGE_MODEL, options.method, "http://app.test"), {
    method: "POST",
    headers,
    body: JSON.stringify(options.body ?? imageBody()),
    signal: options.signal,
  });
  return handleAiProxy(request, {
    target: proxyTarget(),
    settings: { ...settings, ...options.settings },
    upstreamFetch,
    costs: options.costs,
  });
}
