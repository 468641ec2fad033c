/// <reference types="node" />
// /api/ai (api/ai.ts), the hosted mode's AI proxy, against the real local backend: over HTTP on the
// running server (which forwards to the local preview engine, as `npm start` does without a key),
// and called directly with a fake upstream that answers Gemini's recorded failures
// (tests/fixtures/gemini). Every refusal is tried directly, and what was counted is read back from
// the database.
import fs from "node:fs";
import path from "node:path";
import { aiSettings, handleAiProxy, REASONS, type AiSettings } from "../../api/ai";
import { verifyHs256 } from "../../api/_lib/jwt";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults";
import {
  createServiceClient,
  jwtSecret,
  PUBLISHABLE_KEY,
  secretKey,
  signUpUser,
  supabaseUrl,
  type TestUser,
} from "./helpers";

const IMAGE_MODEL = GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL;
const TEXT_MODEL = GEMINI_DEFAULTS.VITE_GEMINI_TEXT_MODEL;
const FIXTURES = path.resolve("tests/fixtures");
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, "gemini", name), "utf8");
/** The first event of the recorded poem stream (CRLF line ends, as Google sends them). */
const firstEvent = () => `${fixture("stream-text-success.sse").split(/\r?\n\r?\n/)[0]}\r\n\r\n`;
const PHOTO = fs.readFileSync(path.join(FIXTURES, "images", "coffee.png")).toString("base64");

const imageBody = (images = 1) => ({
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

const textBody = () => ({
  contents: [
    {
      role: "user",
      parts: [{ text: "Describe this photo." }, { inlineData: { mimeType: "image/png", data: PHOTO } }],
    },
  ],
});

async function tokenOf(user: TestUser): Promise<string> {
  const { data } = await user.client.auth.getSession();
  if (!data.session) throw new Error("no session");
  return data.session.access_token;
}

function url(model: string, method = "generateContent", base = supabaseUrl()) {
  const stream = method === "streamGenerateContent" ? "?alt=sse" : "";
  return `${base}/api/ai/v1beta/models/${model}:${method}${stream}`;
}

async function post(
  user: TestUser | null,
  body: unknown,
  options: { model?: string; method?: string; token?: string; headers?: Record<string, string> } = {},
) {
  const token = options.token ?? (user ? await tokenOf(user) : undefined);
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

type Rpc = (fn: string, args: Record<string, unknown>) => PromiseLike<{ data: unknown }>;
async function usageOf(user: TestUser) {
  const client = createServiceClient();
  const { data } = await (client.rpc.bind(client) as unknown as Rpc)("usage_status", {
    p_user_id: user.user.id,
  });
  return (data as { used: number; reserved: number; remaining: number }[])[0];
}

async function expectGeminiError(response: Response, code: number, reason: string) {
  expect(response.status).toBe(code);
  const body = (await response.json()) as {
    error: { code: number; status: string; details: { reason?: string }[] };
  };
  expect(body.error.code).toBe(code);
  expect(body.error.details.find((detail) => detail.reason)?.reason).toBe(reason);
  return body;
}

describe("POST /api/ai on the running server (local preview engine upstream)", () => {
  it("gives a Freemium user exactly three results, then refuses the fourth before sending it", async () => {
    const user = await signUpUser("proxy-freemium");
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await post(user, imageBody());
      expect(response.status).toBe(200);
      const answer = (await response.json()) as {
        candidates: { content: { parts: { inlineData?: unknown }[] } }[];
      };
      expect(answer.candidates[0].content.parts.some((part) => part.inlineData)).toBe(true);
      expect(response.headers.get("x-conversions-limit")).toBe("3");
      remaining.push(response.headers.get("x-conversions-remaining") ?? "");
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const refused = await post(user, imageBody());
    const body = await expectGeminiError(refused, 403, REASONS.limitReached);
    expect(body.error).toMatchObject({
      status: "PERMISSION_DENIED",
      message: "You've used all your free conversions for this month",
    });
    expect(refused.headers.get("x-conversions-remaining")).toBe("0");
    expect(await usageOf(user)).toMatchObject({ used: 3, reserved: 0, remaining: 0 });
  });

  it("gives the last conversion to exactly one of two parallel requests", async () => {
    const user = await signUpUser("proxy-race");
    for (let i = 0; i < 2; i += 1) expect((await post(user, imageBody())).status).toBe(200);

    const answers = await Promise.all([post(user, imageBody()), post(user, imageBody())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(await usageOf(user)).toMatchObject({ used: 3, reserved: 0 });
  });

  it("counts one streamed poem as one", async () => {
    const user = await signUpUser("proxy-poem");
    const response = await post(user, textBody(), { model: TEXT_MODEL, method: "streamGenerateContent" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // Sent before the stream ends: the conversion being made already counts as not remaining.
    expect(response.headers.get("x-conversions-remaining")).toBe("2");
    const text = await response.text();
    expect(text).toMatch(/^data: /m);
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0, remaining: 2 });
  });

  it("counts nothing for the custom prompt's analysis step", async () => {
    const user = await signUpUser("proxy-analysis");
    const response = await post(user, textBody(), { model: TEXT_MODEL });
    expect(response.status).toBe(200);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0, remaining: 3 });
  });

  it("refuses a request without a session, or with a forged one", async () => {
    await expectGeminiError(await post(null, imageBody()), 401, REASONS.sessionInvalid);
    await expectGeminiError(
      await post(null, imageBody(), { token: "not-a-real-token" }),
      401,
      REASONS.sessionInvalid,
    );
    // The publishable key is not a session either.
    await expectGeminiError(
      await post(null, imageBody(), { token: PUBLISHABLE_KEY }),
      401,
      REASONS.sessionInvalid,
    );
  });

  it("forwards only the configured models", async () => {
    const user = await signUpUser("proxy-model");
    await expectGeminiError(
      await post(user, imageBody(), { model: "gemini-ultra-expensive" }),
      400,
      REASONS.modelNotAllowed,
    );
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("caps the number of images and the body size", async () => {
    const user = await signUpUser("proxy-caps");
    await expectGeminiError(await post(user, imageBody(5)), 400, REASONS.tooManyImages);
    const huge = JSON.stringify({ contents: [{ parts: [{ text: "x".repeat(5 * 1024 * 1024) }] }] });
    await expectGeminiError(await post(user, huge), 413, REASONS.tooLarge);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("refuses what is not a Gemini request", async () => {
    const user = await signUpUser("proxy-shape");
    await expectGeminiError(await post(user, "{not json"), 400, REASONS.invalidRequest);
    await expectGeminiError(
      await post(user, { contents: [], tools: [{ googleSearch: {} }] }),
      400,
      REASONS.invalidRequest,
    );
    await expectGeminiError(
      await post(user, imageBody(), { headers: { "content-type": "text/plain" } }),
      415,
      REASONS.unsupportedMediaType,
    );
    const get = await fetch(url(IMAGE_MODEL), {
      headers: { authorization: `Bearer ${await tokenOf(user)}` },
    });
    await expectGeminiError(get, 405, REASONS.methodNotAllowed);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("handleAiProxy with a recorded upstream", () => {
  let settings: AiSettings;
  const target = () => ({
    url: supabaseUrl(),
    publishableKey: PUBLISHABLE_KEY,
    secretKey: secretKey(),
    jwtSecret: jwtSecret(),
  });

  beforeAll(() => {
    settings = { ...aiSettings({ GEMINI_API_KEY: "server-key-for-tests" }), ratePerMinute: 100 };
  });

  function answer(body: string, status = 200, type = "application/json") {
    return vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { "content-type": type } }));
  }

  async function call(
    user: TestUser,
    upstreamFetch: typeof fetch,
    options: {
      model?: string;
      method?: string;
      body?: unknown;
      settings?: Partial<AiSettings>;
      signal?: AbortSignal;
    } = {},
  ) {
    const request = new Request(url(options.model ?? IMAGE_MODEL, options.method, "http://app.test"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await tokenOf(user)}` },
      body: JSON.stringify(options.body ?? imageBody()),
      signal: options.signal,
    });
    return handleAiProxy(request, {
      target: target(),
      settings: { ...settings, ...options.settings },
      upstreamFetch,
    });
  }

  it("adds the server's key, sends the body unchanged and counts an image", async () => {
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
    expect(JSON.parse(new TextDecoder().decode(init?.body as Uint8Array))).toEqual(imageBody());
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

describe("aiSettings", () => {
  it("forwards to the local engine on the server's own address when no key is set", () => {
    expect(aiSettings({ LOCAL_SERVER_ORIGIN: "http://127.0.0.1:4173" }).upstream).toEqual({
      configured: true,
      local: true,
      baseUrl: "http://127.0.0.1:4173/__local-ai",
    });
  });

  it("takes its limits from the environment, ignoring nonsense", () => {
    const settings = aiSettings({
      AI_RATE_LIMIT_PER_MINUTE: "5",
      AI_MAX_IMAGES: "-3",
      GEMINI_IMAGE_MODEL: "models/x",
    });
    expect(settings).toMatchObject({ ratePerMinute: 5, maxImages: 4, imageModel: "x" });
  });
});

describe("verifyHs256 (the proxy's in-process session check)", () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  async function sign(claims: Record<string, unknown>, secret: string, alg = "HS256") {
    const unsigned = `${encode({ alg, typ: "JWT" })}.${encode(claims)}`;
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const signature = Buffer.from(
      await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(unsigned)),
    ).toString("base64url");
    return `${unsigned}.${signature}`;
  }
  const claims = (extra: Record<string, unknown> = {}) => ({
    sub: crypto.randomUUID(),
    role: "authenticated",
    exp: Math.floor(Date.now() / 1000) + 600,
    ...extra,
  });

  it("accepts the local backend's own session tokens", async () => {
    const user = await signUpUser("jwt-real");
    const verified = await verifyHs256(await tokenOf(user), jwtSecret());
    expect(verified?.sub).toBe(user.user.id);
  });

  it("refuses a token signed with another secret, expired, not yet valid, unsigned or not a user's", async () => {
    const secret = jwtSecret();
    expect(await verifyHs256(await sign(claims(), "another-secret-entirely-0123456789"), secret)).toBeNull();
    expect(
      await verifyHs256(await sign(claims({ exp: Math.floor(Date.now() / 1000) - 120 }), secret), secret),
    ).toBeNull();
    expect(
      await verifyHs256(await sign(claims({ nbf: Math.floor(Date.now() / 1000) + 600 }), secret), secret),
    ).toBeNull();
    expect(await verifyHs256(await sign(claims({ role: "service_role" }), secret), secret)).toBeNull();
    expect(await verifyHs256(await sign(claims({ sub: "not-a-uuid" }), secret), secret)).toBeNull();
    const none = `${encode({ alg: "none" })}.${encode(claims())}.`;
    expect(await verifyHs256(none, secret)).toBeNull();
    expect(await verifyHs256("a.b", secret)).toBeNull();
    expect(await verifyHs256(await sign(claims(), secret), secret)).not.toBeNull();
  });

  it("is what the proxy uses: a token signed with another secret is refused over HTTP", async () => {
    const forged = await sign(claims(), "another-secret-entirely-0123456789");
    await expectGeminiError(await post(null, imageBody(), { token: forged }), 401, REASONS.sessionInvalid);
  });
});
