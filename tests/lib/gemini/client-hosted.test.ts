/**
 * generateImage in hosted mode: Gemini's request through the app's proxy (api/ai) with the session as a
 * bearer token, the usage it reports, and each of the proxy's refusals. Runs in jsdom: the proxy is on
 * window.location's origin.
 */
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ServerUsage } from "@/lib/usage";
import {
  generateImage,
  generateText,
  type GeminiErrorKind,
  type GeminiTarget,
  type GenerateOptions,
  type RetryWait,
} from "@/lib/gemini";
import { server } from "../../msw/server";
import { HOSTED_AI_URL, hostedAiHandler, type ProxyRefusal, type ProxyReply } from "../../msw/hosted";
import {
  clientTestSetup,
  failure,
  IMAGE_THINKING,
  imageOptions,
  PARTS,
  settle,
  SUCCESS_IMAGE,
  imageOf,
  TEXT_MODEL,
} from "./client-kit";

clientTestSetup();

describe("hosted mode: the app's proxy (api/ai)", () => {
  let tokens: string[] = [];
  /** A hosted target whose session hands out the next of `tokens` (null once they run out). */
  const hostedTarget = (): GeminiTarget => ({
    baseUrl: HOSTED_AI_URL,
    source: "hosted",
    authorization: async () => tokens.shift() ?? null,
    onUsage: (usage) => reports.push(usage),
  });
  const hostedImage = (overrides: Partial<GenerateOptions> = {}) =>
    imageOptions({ target: hostedTarget(), ...overrides });
  function proxy(replies: ProxyReply | ProxyReply[]) {
    const fake = hostedAiHandler(replies);
    server.use(fake.handler);
    return fake;
  }
  const reports: ServerUsage[] = [];
  beforeEach(() => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    tokens = ["token-1", "token-2", "token-3"];
    reports.length = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("posts Gemini's request to /api/ai for the image role, with the session as a bearer token, no key, and the tool", async () => {
    const fake = proxy({ fixture: "image-success.json", usage: { used: 1, limit: 3, remaining: 2 } });
    const result = await generateImage(hostedImage({ tool: "hulk" }));
    expect(await imageOf(result)).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    // A role, not the model this build names: the server calls the model it is configured with.
    expect(request.url.href).toBe(`${window.location.origin}/api/ai/v1beta/models/image:generateContent`);
    expect(request.headers.get("authorization")).toBe("Bearer token-1");
    expect(request.headers.has("x-goog-api-key")).toBe(false);
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.headers.get("x-cucumber-tool")).toBe("hulk");
    expect(request.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"], thinkingConfig: IMAGE_THINKING },
    });
  });

  it("asks for the text role for a text call, whatever model the build names", async () => {
    const fake = proxy({ fixture: "text-success.json" });
    await generateText({
      target: hostedTarget(),
      model: "gemini-some-other-text-model",
      parts: PARTS,
      tool: "cucumber",
    });
    expect(fake.requests.map((r) => r.url.pathname)).toEqual(["/api/ai/v1beta/models/text:generateContent"]);
    expect(fake.requests[0]!.headers.get("x-cucumber-tool")).toBe("cucumber");
    expect(TEXT_MODEL).not.toBe("gemini-some-other-text-model");
  });

  it("reports the server's count from every answer's headers", async () => {
    proxy([
      { fixture: "error-503-overloaded.json", usage: { used: 1, limit: 3, remaining: 2 } },
      { fixture: "image-success.json", usage: { used: 2, limit: 3, remaining: 1 } },
    ]);
    vi.useFakeTimers();
    await settle(generateImage(hostedImage()));
    expect(reports).toEqual([
      { used: 1, limit: 3, remaining: 2 },
      { used: 2, limit: 3, remaining: 1 },
    ]);
  });

  it("asks for the session again on every attempt (a refreshed token is used for the retry)", async () => {
    const fake = proxy([{ fixture: "error-500-internal.json" }, { fixture: "image-success.json" }]);
    vi.useFakeTimers();
    await settle(generateImage(hostedImage()));
    expect(fake.requests.map((r) => r.headers.get("authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("sends nothing without a session, and says to log in again", async () => {
    tokens = [];
    const fake = proxy({ fixture: "image-success.json" });
    const error = await failure(generateImage(hostedImage()));
    expect(error).toMatchObject({ kind: "session", retryable: false });
    expect(error.advice).toMatch(/log in again/);
    expect(fake.requests).toHaveLength(0);
  });

  it("the monthly limit: its own kind and the spec's message, never retried, the count reported", async () => {
    const fake = proxy({ refusal: "CONVERSION_LIMIT_REACHED", usage: { used: 3, limit: 3, remaining: 0 } });
    const error = await failure(generateImage(hostedImage()));
    expect(error).toMatchObject({
      kind: "limit",
      status: 403,
      retryable: false,
      message: "You've used all your free conversions for this month",
    });
    expect(error.advice).toBe(
      "Upgrade your plan on the Pricing page, or wait until your conversions reset at the start of next month.",
    );
    expect(fake.requests).toHaveLength(1);
    expect(reports).toEqual([{ used: 3, limit: 3, remaining: 0 }]);
  });

  it.each<[ProxyRefusal, string, RegExp]>([
    ["PLAN_REQUIRED", "4K images require a $30/month subscription", /choose a smaller size, or upgrade/],
    ["IMAGE_OUTPUT_NOT_SUPPORTED", "This picture shape or size is not available.", /another shape or size/],
  ])(
    "%s: the server's words and what to do, never retried, the count reported",
    async (reason, message, advice) => {
      const fake = proxy({ refusal: reason, usage: { used: 1, limit: 3, remaining: 2 } });
      const error = await failure(generateImage(hostedImage()));
      expect(error).toMatchObject({ kind: "bad-request", retryable: false, message });
      expect(error.advice).toMatch(advice);
      expect(error.advice).toMatch(/^Nothing was sent or counted/);
      expect(fake.requests).toHaveLength(1);
      expect(reports).toEqual([{ used: 1, limit: 3, remaining: 2 }]);
    },
  );

  it("a session the server refuses: log in again, not a bad key", async () => {
    proxy({ refusal: "SESSION_INVALID" });
    const error = await failure(generateImage(hostedImage()));
    expect(error).toMatchObject({ kind: "session", status: 401, retryable: false });
    expect(error.advice).toMatch(/log in again/);
    expect(error.advice).not.toMatch(/key/i);
  });

  it.each<[ProxyRefusal, GeminiErrorKind, RegExp]>([
    ["REQUEST_TOO_LARGE", "bad-request", /photo is too large/],
    ["TOO_MANY_IMAGES", "bad-request", /more images than the AI service accepts/],
    ["AI_NOT_CONFIGURED", "not-configured", /not set up on this server/],
    ["MODEL_NOT_ALLOWED", "model-not-found", /not available on this server.*VITE_GEMINI_IMAGE_MODEL/],
    ["INVALID_REQUEST", "bad-request", /could not accept this request/],
  ])("%s: %s, with advice that fits, never retried", async (reason, kind, advice) => {
    const fake = proxy({ refusal: reason });
    const error = await failure(generateImage(hostedImage()));
    expect(error).toMatchObject({ kind, retryable: false });
    expect(error.advice).toMatch(advice);
    expect(fake.requests).toHaveLength(1);
  });

  it("RATE_LIMITED: waits the RetryInfo delay (12 s), then tries again", async () => {
    vi.useFakeTimers();
    const fake = proxy([
      { refusal: "RATE_LIMITED", retryDelaySeconds: 12 },
      { fixture: "image-success.json" },
    ]);
    const waits: (RetryWait | null)[] = [];
    const call = generateImage(hostedImage({ onRetryWait: (w) => waits.push(w) }));
    await vi.advanceTimersByTimeAsync(11_900);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([
      { attempt: 2, maxAttempts: 3, delayMs: 12_000, reason: "Too many requests right now." },
    ]);
    await vi.advanceTimersByTimeAsync(200);
    expect(await imageOf(await settle(call))).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(2);
  });

  it("Gemini's own answers pass through as in client mode; a refused key is the server's", async () => {
    proxy({ fixture: "error-404-model-not-found.json" });
    expect(await failure(generateImage(hostedImage()))).toMatchObject({ kind: "model-not-found" });
    proxy({ fixture: "error-400-api-key-invalid.json" });
    const badKey = await failure(generateImage(hostedImage()));
    expect(badKey.kind).toBe("bad-key");
    expect(badKey.advice).toMatch(/AI service's own key was refused/);
    expect(badKey.advice).not.toMatch(/key you entered/);
  });

  it("the server key's project (API off, billing or region) is the server's to fix, not the visitor's", async () => {
    for (const fixture of [
      "error-403-service-disabled.json",
      "error-400-failed-precondition-region.json",
    ] as const) {
      proxy({ fixture });
      const error = await failure(generateImage(hostedImage()));
      expect(error).toMatchObject({ kind: "key-denied", retryable: false });
      expect(error.advice).toMatch(/AI service's own key was refused/);
    }
  });
  /**
   * The proxy's own failures after a call went upstream (api/_lib/ai-errors.ts, domain cucumber.ai):
   * 502 UPSTREAM_UNREACHABLE and 504 UPSTREAM_TIMEOUT, and its 500 INTERNAL. `requests` counts them.
   */
  function proxyFailure(code: 500 | 502 | 504, reason: string, message: string) {
    const requests: URL[] = [];
    const status = { 500: "INTERNAL", 502: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED" }[code];
    const details = [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "cucumber.ai" }];
    server.use(
      http.post(`${HOSTED_AI_URL}/v1beta/models/*`, ({ request }) => {
        requests.push(new URL(request.url));
        return HttpResponse.json({ error: { code, message, status, details } }, { status: code });
      }),
    );
    return { requests };
  }

  it.each<[500 | 502 | 504, string, string, GeminiErrorKind]>([
    [502, "UPSTREAM_UNREACHABLE", "Could not reach the AI service.", "server"],
    [504, "UPSTREAM_TIMEOUT", "The AI took too long to answer.", "timeout"],
    [500, "INTERNAL", "Something went wrong on our side. Please try again later.", "server"],
  ])(
    "the proxy's %i %s: an image call is received once, never sent again on its own",
    async (code, reason, message, kind) => {
      vi.useFakeTimers();
      const fake = proxyFailure(code, reason, message);
      const waits: (RetryWait | null)[] = [];
      const error = await failure(settle(generateImage(hostedImage({ onRetryWait: (w) => waits.push(w) }))));
      expect(error).toMatchObject({ kind, status: code, retryable: false, message: `API error: ${message}` });
      if (code !== 500) expect(error.advice).toMatch(/may still have been made.*press Try again/);
      expect(fake.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it.each<[500 | 502 | 504, string]>([
    [502, "UPSTREAM_UNREACHABLE"],
    [504, "UPSTREAM_TIMEOUT"],
    [500, "INTERNAL"],
  ])("the proxy's %i %s for a text call is retried as before", async (code, reason) => {
    vi.useFakeTimers();
    const fake = proxyFailure(code, reason, "failed");
    await failure(settle(generateText({ target: hostedTarget(), model: TEXT_MODEL, parts: PARTS })));
    expect(fake.requests).toHaveLength(3);
  });
});
