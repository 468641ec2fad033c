/// <reference types="node" />
// handleAiProxy (api/ai.ts) called directly against the real local backend, with a fake upstream that
// answers Gemini's recorded answers and failures (tests/fixtures/gemini): every refusal, and what each
// answer counts, read back from the database.
import { aiSettings, REASONS, type AiSettings } from "../../api/ai";
import { encodeToolInput } from "../../src/config/tool-input";
import { signUpUser, type TestUser } from "./helpers";
import {
  IMAGE_MODEL,
  TEXT_MODEL,
  fixture,
  firstEvent,
  imageBody,
  textBody,
  usageOf,
  expectGeminiError,
  callProxy,
  upstreamAnswer,
  type DirectCall,
} from "./ai-proxy-helpers";

describe("handleAiProxy with a recorded upstream", () => {
  let settings: AiSettings;
  beforeAll(() => {
    settings = { ...aiSettings({ GEMINI_API_KEY: "server-key-for-tests" }), ratePerMinute: 100 };
  });

  const answer = upstreamAnswer;
  const call = (user: TestUser, upstream: typeof fetch, options: DirectCall = {}) =>
    callProxy(user, settings, upstream, options);

  it("adds the server's key, sends the body with the server's thinking level and counts an image", async () => {
    const user = await signUpUser("direct-image");
    const upstream = answer(fixture("image-success.json"));
    const response = await call(user, upstream);

    expect(response.status).toBe(200);
    expect(await response.text()).toBe(fixture("image-success.json"));
    const [upstreamUrl, init] = upstream.mock.calls[0];
    expect(String(upstreamUrl)).toBe(
      `https://generativelanguage.googleapis.com/v1beta/models/${IMAGE_MODEL}:generateContent`,
    );
    expect(new Headers(init?.headers).get("x-goog-api-key")).toBe("server-key-for-tests");
    expect(new Headers(init?.headers).get("authorization")).toBeNull();
    const sent = imageBody();
    expect(JSON.parse(new TextDecoder().decode(init?.body as Uint8Array))).toEqual({
      ...sent,
      generationConfig: { ...sent.generationConfig, thinkingConfig: { thinkingLevel: "MEDIUM" } },
    });
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it.each([
    ["error-500-internal.json", 500],
    ["error-503-overloaded.json", 503],
    ["error-429-quota.json", 429],
    ["error-400-api-key-invalid.json", 400],
    ["error-404-model-not-found.json", 404],
  ])("passes Gemini's %s through unchanged and counts nothing", async (name, status) => {
    const user = await signUpUser("direct-error");
    const response = await call(user, answer(fixture(name), status));

    expect(response.status).toBe(status);
    expect(await response.text()).toBe(fixture(name));
    expect(response.headers.get("x-conversions-remaining")).toBe("3");
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it.each([
    "text-instead-of-image.json",
    "finish-no-image.json",
    "prompt-blocked.json",
    "no-candidates.json",
  ])("counts nothing for an answer without an image (%s)", async (name) => {
    const user = await signUpUser("direct-noimage");
    const response = await call(user, answer(fixture(name)));
    expect(response.status).toBe(200);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("releases the reservation when the AI cannot be reached", async () => {
    const user = await signUpUser("direct-offline");
    const response = await call(
      user,
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError("fetch failed"))),
    );
    await expectGeminiError(response, 502, REASONS.unreachable);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("releases the reservation when the AI takes too long", async () => {
    const user = await signUpUser("direct-timeout");
    const hang = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
        ),
    );
    const response = await call(user, hang, { settings: { upstreamTimeoutMs: 50 } });
    await expectGeminiError(response, 504, REASONS.timeout);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("releases the reservation when the caller leaves mid-way", async () => {
    const user = await signUpUser("direct-leave");
    const leave = new AbortController();
    const upstream = vi.fn<typeof fetch>(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
          leave.abort();
        }),
    );
    const response = await call(user, upstream, { signal: leave.signal });
    expect(response.status).toBe(502);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("counts a completed stream as one and passes it through piece by piece", async () => {
    const user = await signUpUser("direct-stream");
    const response = await call(user, answer(fixture("stream-text-success.sse"), 200, "text/event-stream"), {
      model: TEXT_MODEL,
      method: "streamGenerateContent",
      body: textBody(),
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toBe(fixture("stream-text-success.sse"));
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("counts a poem the model stopped with MAX_TOKENS after some text: the page shows it (one rule)", async () => {
    const user = await signUpUser("direct-stream-max-tokens");
    const chunk = (text: string, finishReason?: string) =>
      `data: ${JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text }] }, index: 0, ...(finishReason ? { finishReason } : {}) }] })}\r\n\r\n`;
    const sse = `${chunk("Red sky at night,\n")}${chunk("sailors'", "MAX_TOKENS")}`;
    const response = await call(user, answer(sse, 200, "text/event-stream"), {
      model: TEXT_MODEL,
      method: "streamGenerateContent",
      body: textBody(),
    });
    expect(await response.text()).toBe(sse);
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it.each([
    ["stopped by the safety filter", fixture("stream-safety-stop.sse")],
    ["cut short", firstEvent()],
    ["ended by an error without a data: prefix", `${firstEvent()}${fixture("error-500-internal.json")}\n\n`],
  ])("counts nothing for a stream %s", async (_what, sse) => {
    const user = await signUpUser("direct-stream-fail");
    const response = await call(user, answer(sse, 200, "text/event-stream"), {
      model: TEXT_MODEL,
      method: "streamGenerateContent",
      body: textBody(),
    });
    await response.text();
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("releases a stream the caller cancels", async () => {
    const user = await signUpUser("direct-stream-cancel");
    const first = firstEvent();
    const never = vi.fn<typeof fetch>(
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(first));
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        ),
    );
    const response = await call(user, never, {
      model: TEXT_MODEL,
      method: "streamGenerateContent",
      body: textBody(),
    });
    const reader = response.body!.getReader();
    await reader.read();
    expect((await usageOf(user)).reserved).toBe(1);
    await reader.cancel();
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("rate-limits each user in the database, in Gemini's shape with a RetryInfo delay", async () => {
    const user = await signUpUser("direct-rate");
    const upstream = answer(fixture("text-success.json"));
    const limited = { ratePerMinute: 2 };
    for (let i = 0; i < 2; i += 1)
      expect(
        (await call(user, upstream, { model: TEXT_MODEL, body: textBody(), settings: limited })).status,
      ).toBe(200);

    const refused = await call(user, upstream, { model: TEXT_MODEL, body: textBody(), settings: limited });
    const body = await expectGeminiError(refused, 429, REASONS.rateLimited);
    expect(body.error.status).toBe("RESOURCE_EXHAUSTED");
    const retry = body.error.details.find((detail) => "retryDelay" in detail) as
      { retryDelay: string } | undefined;
    expect(retry?.retryDelay).toMatch(/^\d+s$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(upstream).toHaveBeenCalledTimes(2);
  });

  it("answers 501 when neither a key nor a local engine is configured", async () => {
    const user = await signUpUser("direct-unconfigured");
    const upstream = answer("{}");
    const response = await call(user, upstream, { settings: { upstream: aiSettings({}).upstream } });
    await expectGeminiError(response, 501, REASONS.notConfigured);
    expect(upstream).not.toHaveBeenCalled();
  });
});

describe("the page's tool headers go on to the local preview engine only", () => {
  const input = encodeToolInput({ kind: "text", description: "Grüße 🥒", position: "top-left" });
  const toolHeaders = { "x-cucumber-tool-input": input };

  it("never to Google: a call upstream with the server's key carries neither", async () => {
    const settings = { ...aiSettings({ GEMINI_API_KEY: "server-key-for-tests" }), ratePerMinute: 100 };
    const user = await signUpUser("tool-headers-google");
    const upstream = upstreamAnswer(fixture("image-success.json"));
    const response = await callProxy(user, settings, upstream, { tool: "scene", headers: toolHeaders });
    expect(response.status).toBe(200);
    const sent = new Headers(upstream.mock.calls[0]?.[1]?.headers);
    expect(sent.has("x-cucumber-tool")).toBe(false);
    expect(sent.has("x-cucumber-tool-input")).toBe(false);
    expect(sent.get("x-goog-api-key")).toBe("server-key-for-tests");
  });

  it("to the local engine, as the page sent them (the engine checks them), with no key", async () => {
    const settings = { ...aiSettings({ LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173" }), ratePerMinute: 100 };
    const user = await signUpUser("tool-headers-local");
    const upstream = upstreamAnswer(fixture("image-success.json"));
    await callProxy(user, settings, upstream, { tool: "scene", headers: toolHeaders });
    await callProxy(user, settings, upstream);
    const [[firstUrl, first], [, second]] = upstream.mock.calls as [
      Parameters<typeof fetch>,
      Parameters<typeof fetch>,
    ];
    expect(String(firstUrl)).toBe(
      `http://127.0.0.1:4173/__local-ai/v1beta/models/${IMAGE_MODEL}:generateContent`,
    );
    const withTool = new Headers(first?.headers);
    expect(withTool.get("x-cucumber-tool")).toBe("scene");
    expect(withTool.get("x-cucumber-tool-input")).toBe(input);
    expect(withTool.has("x-goog-api-key")).toBe(false);
    // A call that names no tool forwards none.
    const without = new Headers(second?.headers);
    expect(without.has("x-cucumber-tool")).toBe(false);
    expect(without.has("x-cucumber-tool-input")).toBe(false);
  });
});
