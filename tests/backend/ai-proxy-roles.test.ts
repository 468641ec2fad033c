/// <reference types="node" />
// The proxy picks the model (issue 25): the page asks for a role, so an operator who changes
// GEMINI_IMAGE_MODEL on the server alone changes every call, with no rebuild. And settings that would
// let a result go uncounted (a reservation shorter than the upstream wait) are refused.
import { aiSettings, REASONS, type AiSettings } from "../../api/ai";
import { reservationTtlFor, UPSTREAM_TIMEOUT_MS, PAGE_IMAGE_TIMEOUT_MS } from "../../src/config/ai-timeouts";
import { signUpUser } from "./helpers";
import {
  fixture,
  imageBody,
  textBody,
  usageOf,
  expectGeminiError,
  IMAGE_MODEL,
  callProxy,
  upstreamAnswer,
} from "./ai-proxy-helpers";

const recorder = (body = fixture("image-success.json")) => upstreamAnswer(body);

/** A new user's call for `model` (a role or an ID) through a proxy with `settings`. */
async function call(
  settings: AiSettings,
  model: string,
  upstreamFetch: typeof fetch,
  body: unknown = imageBody(),
) {
  const user = await signUpUser("roles");
  return { user, response: await callProxy(user, settings, upstreamFetch, { model, body }) };
}

describe("the page asks for a role, the server picks the model", () => {
  const server = (env: Record<string, string> = {}) => ({
    ...aiSettings({ GEMINI_API_KEY: "server-key", ...env }),
    ratePerMinute: 100,
  });

  it("sends models/image to the image model set on the server alone, and counts it", async () => {
    const upstream = recorder();
    const { user, response } = await call(
      server({ GEMINI_IMAGE_MODEL: "gemini-next-image" }),
      "image",
      upstream,
    );
    expect(response.status).toBe(200);
    expect(String(upstream.mock.calls[0][0])).toMatch(/\/v1beta\/models\/gemini-next-image:generateContent$/);
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("sends models/text to the text model set on the server alone, counting nothing for an analysis", async () => {
    const upstream = recorder(fixture("text-success.json"));
    const { user, response } = await call(
      server({ GEMINI_TEXT_MODEL: "gemini-next-flash" }),
      "text",
      upstream,
      textBody(),
    );
    expect(response.status).toBe(200);
    expect(String(upstream.mock.calls[0][0])).toMatch(/\/models\/gemini-next-flash:generateContent$/);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("still takes a configured model's own ID (a page built before roles) and refuses any other", async () => {
    const upstream = recorder();
    const configured = await call(server(), IMAGE_MODEL, upstream);
    expect(configured.response.status).toBe(200);
    const other = await call(server({ GEMINI_IMAGE_MODEL: "gemini-next-image" }), IMAGE_MODEL, upstream);
    await expectGeminiError(other.response, 400, REASONS.modelNotAllowed);
    expect(upstream).toHaveBeenCalledTimes(1);
  });
});

describe("the reservation outlives the upstream wait", () => {
  it("derives the reservation's lifetime from the upstream timeout by default", () => {
    expect(aiSettings({})).toMatchObject({
      upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS,
      reservationTtlSeconds: reservationTtlFor(UPSTREAM_TIMEOUT_MS),
      problems: [],
    });
    expect(aiSettings({ AI_UPSTREAM_TIMEOUT_MS: "100000" })).toMatchObject({
      upstreamTimeoutMs: 100_000,
      reservationTtlSeconds: 160,
      problems: [],
    });
    expect(reservationTtlFor(UPSTREAM_TIMEOUT_MS) * 1000).toBeGreaterThan(UPSTREAM_TIMEOUT_MS);
    expect(PAGE_IMAGE_TIMEOUT_MS).toBeGreaterThan(UPSTREAM_TIMEOUT_MS);
  });

  it("refuses a reservation no longer than the upstream wait, or a wait longer than the page's", () => {
    const short = aiSettings({ AI_UPSTREAM_TIMEOUT_MS: "150000", AI_RESERVATION_TTL_SECONDS: "150" });
    expect(short.problems).toEqual([
      expect.stringMatching(/^AI_RESERVATION_TTL_SECONDS must be longer than/),
    ]);
    expect(
      aiSettings({ AI_UPSTREAM_TIMEOUT_MS: "150000", AI_RESERVATION_TTL_SECONDS: "151" }).problems,
    ).toEqual([]);
    expect(aiSettings({ AI_UPSTREAM_TIMEOUT_MS: "600000" }).problems).toEqual([
      expect.stringMatching(/^AI_UPSTREAM_TIMEOUT_MS must be .* it is "600000"/),
    ]);
    expect(aiSettings({ AI_RESERVATION_TTL_SECONDS: "soon" }).problems).toHaveLength(1);
  });

  it("answers every call 501 while a setting breaks the rule, sending nothing and reserving nothing", async () => {
    const upstream = recorder();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const settings = aiSettings({ GEMINI_API_KEY: "k", AI_RESERVATION_TTL_SECONDS: "30" });
      const { user, response } = await call(settings, "image", upstream);
      await expectGeminiError(response, 501, REASONS.notConfigured);
      expect(upstream).not.toHaveBeenCalled();
      expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
      expect(errors).toHaveBeenCalledWith(
        expect.stringContaining("AI_RESERVATION_TTL_SECONDS must be longer"),
      );
    } finally {
      errors.mockRestore();
    }
  });
});

describe("dev and start stop at boot on unusable AI settings", () => {
  async function boot(env: Record<string, string>) {
    const { apiRoutes } = await import("../../server/api/plugin");
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const plugin = apiRoutes();
    const hook = plugin.configResolved as (config: { mode: string; envDir: string }) => void;
    return () => hook.call(undefined, { mode: "test", envDir: "/nonexistent-env-dir" });
  }

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("names the setting that would leave a result uncounted", async () => {
    const start = await boot({ AI_UPSTREAM_TIMEOUT_MS: "200000", AI_RESERVATION_TTL_SECONDS: "120" });
    expect(start).toThrow(/AI_RESERVATION_TTL_SECONDS must be longer than the upstream timeout \(200 s/);
  });

  it("names a daily budget that is not a number", async () => {
    const start = await boot({ AI_DAILY_BUDGET_USD: "lots" });
    expect(start).toThrow(/AI_DAILY_BUDGET_USD must be a positive number/);
  });

  it("starts with the defaults", async () => {
    const start = await boot({});
    expect(start).not.toThrow();
  });
});

describe("the server's thinking level for each role", () => {
  const server = (env: Record<string, string> = {}) => ({
    ...aiSettings({ GEMINI_API_KEY: "server-key", ...env }),
    ratePerMinute: 100,
  });
  const sentBody = (upstream: ReturnType<typeof recorder>) =>
    JSON.parse(
      String(
        upstream.mock.calls[0][1]?.body
          ? new TextDecoder().decode(upstream.mock.calls[0][1].body as Uint8Array)
          : "null",
      ),
    ) as {
      generationConfig?: { thinkingConfig?: unknown; responseModalities?: unknown };
    };

  it("sends the image model's default level when the page sent none, keeping the rest of the request", async () => {
    const upstream = recorder();
    await call(server(), "image", upstream);
    expect(sentBody(upstream).generationConfig).toEqual({
      responseModalities: ["TEXT", "IMAGE"],
      thinkingConfig: { thinkingLevel: "MEDIUM" },
    });
  });

  it("replaces whatever level the page asked for with the operator's", async () => {
    const upstream = recorder();
    const body = imageBody();
    await call(server({ GEMINI_IMAGE_THINKING_LEVEL: "minimal" }), "image", upstream, {
      ...body,
      generationConfig: { ...body.generationConfig, thinkingConfig: { thinkingLevel: "HIGH" } },
    });
    expect(sentBody(upstream).generationConfig?.thinkingConfig).toEqual({ thinkingLevel: "MINIMAL" });
  });

  it("forwards the page's own bytes when they already ask for the server's level", async () => {
    const upstream = recorder();
    const body = imageBody();
    const asked = {
      ...body,
      generationConfig: { ...body.generationConfig, thinkingConfig: { thinkingLevel: "MEDIUM" } },
    };
    await call(server(), "image", upstream, asked);
    expect(new TextDecoder().decode(upstream.mock.calls[0][1]?.body as Uint8Array)).toBe(
      JSON.stringify(asked),
    );
  });

  it("refuses a level the default model does not take, naming the variable", () => {
    expect(aiSettings({ GEMINI_TEXT_THINKING_LEVEL: "MINIMAL" }).problems).toEqual([
      expect.stringMatching(/^GEMINI_TEXT_THINKING_LEVEL must be one of LOW, MEDIUM, HIGH/),
    ]);
  });
});
