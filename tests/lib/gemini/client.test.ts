import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getEnv } from "@/config/env";
import type { ServerUsage } from "@/lib/usage";
import {
  generateImage,
  generateText,
  GeminiError,
  type GeminiErrorKind,
  type GeminiTarget,
  type GenerateOptions,
  type RetryWait,
} from "@/lib/gemini";
import { ADVICE } from "@/lib/gemini/errors";
import { server } from "../../msw/server";
import {
  fixtureJson,
  fixtureText,
  GEMINI_BASE_URL,
  geminiHandler,
  type GeminiFixtureName,
  type GeminiReply,
} from "../../msw/gemini";
import { failure } from "./stream-kit";
import { HOSTED_AI_URL, hostedAiHandler, type ProxyRefusal, type ProxyReply } from "../../msw/hosted";

const KEY = "AIzaTestKey-0123456789";
const target: GeminiTarget = { baseUrl: GEMINI_BASE_URL, apiKey: KEY, source: "user-key" };
const IMAGE_MODEL = getEnv().VITE_GEMINI_IMAGE_MODEL;
const TEXT_MODEL = getEnv().VITE_GEMINI_TEXT_MODEL;
const PHOTO = { mimeType: "image/jpeg", data: "/9j/4AAQSkZJRg==" };
const PARTS: GenerateOptions["parts"] = [{ text: "Add one cucumber." }, { inlineData: PHOTO }];

const SUCCESS_IMAGE = (() => {
  const body = JSON.parse(fixtureText("image-success.json")) as {
    candidates: { content: { parts: { inlineData?: { mimeType: string; data: string } }[] } }[];
  };
  const image = body.candidates[0]?.content.parts[1]?.inlineData;
  if (!image) throw new Error("image-success.json has no image part");
  return image;
})();

function serve(replies: GeminiReply | GeminiReply[]) {
  const fake = geminiHandler(replies);
  server.use(fake.handler);
  return fake;
}

function imageOptions(overrides: Partial<GenerateOptions> = {}): GenerateOptions {
  return { target, model: IMAGE_MODEL, parts: PARTS, ...overrides };
}

/** With fake timers: runs the clock until `promise` settles (every retry wait and per-attempt timeout). */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 500 && !settled; i++) await vi.advanceTimersByTimeAsync(100);
  return promise;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("generateImage: success", () => {
  it("returns the image with a data URL and the model's text", async () => {
    serve({ fixture: "image-success.json" });
    const result = await generateImage(imageOptions());
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(result.dataUrl).toBe(`data:image/png;base64,${SUCCESS_IMAGE.data}`);
    expect(result.text).toBe("Here is your image with one cucumber added.");
  });

  it("says when each answer has arrived, and whether it was a success, before reading it", async () => {
    serve([{ fixture: "error-500-internal.json" }, { fixture: "image-success.json" }]);
    const answered: boolean[] = [];
    vi.useFakeTimers();
    const result = await settle(generateImage(imageOptions({ onAnswered: (ok) => answered.push(ok) })));
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(answered).toEqual([false, true]);
  });

  it("returns an image-only answer without text", async () => {
    serve({ fixture: "image-only-success.json" });
    const result = await generateImage(imageOptions());
    expect(result.dataUrl).toBe(`data:image/png;base64,${SUCCESS_IMAGE.data}`);
    expect(result).not.toHaveProperty("text");
  });

  it("takes the LAST image part that is not a thought, and skips thought text", async () => {
    const draft = { mimeType: "image/png", data: "RFJBRlQ=" };
    const second = { mimeType: "image/webp", data: "U0VDT05E" };
    const lateThought = { mimeType: "image/png", data: "TEFURS1EUkFGVA==" };
    serve({
      json: {
        candidates: [
          {
            content: {
              role: "model",
              parts: [
                { text: "Thinking about where the cucumber goes.", thought: true },
                { inlineData: draft, thought: true },
                { text: "Here you go." },
                { inlineData: SUCCESS_IMAGE, thoughtSignature: "c2ln" },
                { inlineData: second },
                { inlineData: lateThought, thought: true },
              ],
            },
            finishReason: "STOP",
          },
        ],
      },
    });
    const result = await generateImage(imageOptions());
    expect(result.image).toEqual(second);
    expect(result.dataUrl).toBe("data:image/webp;base64,U0VDT05E");
    expect(result.text).toBe("Here you go.");
  });
});

describe("generateText: success", () => {
  it("returns the non-thought text of the answer", async () => {
    const fake = serve({ fixture: "text-success.json" });
    const text = await generateText({ target, model: TEXT_MODEL, parts: PARTS });
    expect(text).toMatch(/^Golden light spills over a quiet face,\nsilver suit/);
    expect(fake.requests[0]?.model).toBe(TEXT_MODEL);
  });

  it("leaves out thought parts", async () => {
    serve({
      json: {
        candidates: [
          { content: { parts: [{ text: "Let me look at the photo.", thought: true }, { text: "A poem." }] } },
        ],
      },
    });
    await expect(generateText({ target, model: TEXT_MODEL, parts: PARTS })).resolves.toBe("A poem.");
  });
});

describe("the request", () => {
  it("posts to v1beta with the model, the key in a header (never the URL) and image modalities", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions());
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.url.href).toBe(`${GEMINI_BASE_URL}/v1beta/models/${IMAGE_MODEL}:generateContent`);
    expect(request?.url.search).toBe("");
    expect(request?.url.href).not.toContain(KEY);
    expect(request?.headers.get("x-goog-api-key")).toBe(KEY);
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
    });
  });

  it("merges the caller's generationConfig over the image defaults", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions({ generationConfig: { imageConfig: { aspectRatio: "1:1" } } }));
    await generateImage(imageOptions({ generationConfig: { responseModalities: ["IMAGE"] } }));
    expect(fake.requests.map((r) => r.body)).toMatchObject([
      { generationConfig: { responseModalities: ["TEXT", "IMAGE"], imageConfig: { aspectRatio: "1:1" } } },
      { generationConfig: { responseModalities: ["IMAGE"] } },
    ]);
  });

  it("sends no sampling parameters and no output cap on image calls (docs/gemini.md), in either spelling", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(
      imageOptions({
        generationConfig: {
          temperature: 0.4,
          topK: 32,
          topP: 1,
          maxOutputTokens: 4096,
          top_k: 32,
          top_p: 1,
          max_output_tokens: 2048,
          imageConfig: { aspectRatio: "1:1" },
        },
      }),
    );
    expect(fake.requests[0]?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"], imageConfig: { aspectRatio: "1:1" } },
    });
  });

  it("sends no responseModalities for text calls", async () => {
    const fake = serve({ fixture: "text-success.json" });
    await generateText({ target, model: TEXT_MODEL, parts: PARTS });
    await generateText({ target, model: TEXT_MODEL, parts: PARTS, generationConfig: { temperature: 0.4 } });
    expect(fake.requests[0]?.body).toEqual({ contents: [{ role: "user", parts: PARTS }] });
    expect(fake.requests[1]?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { temperature: 0.4 },
    });
  });

  it("sends no key header to the local preview engine", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions({ target: { baseUrl: GEMINI_BASE_URL, source: "local-engine" } }));
    expect(fake.requests[0]?.headers.has("x-goog-api-key")).toBe(false);
  });
});

type FailureCase = {
  fixture: GeminiFixtureName;
  kind: GeminiErrorKind;
  status?: number;
  message: string;
  advice: RegExp | string;
};

const API_ERROR = (name: GeminiFixtureName) =>
  `API error: ${(JSON.parse(fixtureText(name)) as { error: { message: string } }).error.message}`;

describe("failures that are never retried", () => {
  const cases: FailureCase[] = [
    {
      fixture: "error-400-api-key-invalid.json",
      kind: "bad-key",
      status: 400,
      message: "API error: API key not valid. Please pass a valid API key.",
      advice: /API key is not valid: check the key you entered, or leave the field empty/,
    },
    {
      fixture: "error-403-key-leaked.json",
      kind: "key-denied",
      status: 403,
      message: "API error: Your API key was reported as leaked. Please use another API key.",
      advice: /not allowed .*reported as leaked.*create a new key/,
    },
    {
      // A key restricted to other referrers: a 403 that is not SERVICE_DISABLED keeps the key advice.
      fixture: "error-403-permission-denied.json",
      kind: "key-denied",
      status: 403,
      message: "API error: Requests from referer http://localhost:5173/ are blocked.",
      advice: /not allowed .*create a new key/,
    },
    {
      // The Generative Language API is off in the key's project: the key is fine, no new key helps.
      fixture: "error-403-service-disabled.json",
      kind: "key-denied",
      status: 403,
      message: API_ERROR("error-403-service-disabled.json"),
      advice: ADVICE.serviceDisabled,
    },
    {
      fixture: "error-400-failed-precondition-region.json",
      kind: "key-denied",
      status: 400,
      message: "API error: User location is not supported for the API use.",
      advice: ADVICE.failedPrecondition,
    },
    {
      fixture: "error-400-failed-precondition-billing.json",
      kind: "key-denied",
      status: 400,
      message: API_ERROR("error-400-failed-precondition-billing.json"),
      advice: ADVICE.failedPrecondition,
    },
    {
      fixture: "error-404-model-not-found.json",
      kind: "model-not-found",
      status: 404,
      message: API_ERROR("error-404-model-not-found.json"),
      advice: `The AI model "${IMAGE_MODEL}" is no longer available: the app's model setting (VITE_GEMINI_IMAGE_MODEL) needs updating.`,
    },
    {
      // A free-tier key: the daily quota of an image model is 0 (docs/gemini.md "Models": image models are
      // paid-only).
      fixture: "error-429-daily-quota.json",
      kind: "daily-quota",
      status: 429,
      message: "API error: You exceeded your current quota, please check your plan and billing details.",
      advice: /free tier .*image models need a paid key/,
    },
    {
      fixture: "prompt-blocked.json",
      kind: "prompt-blocked",
      message: "No modified image returned from API",
      advice: "The AI's safety filter blocked this photo or request: try another photo.",
    },
    {
      fixture: "finish-image-safety.json",
      kind: "output-blocked",
      message: "No modified image returned from API",
      advice: /safety filter blocked the result: try another photo/,
    },
    {
      fixture: "finish-no-image.json",
      kind: "no-image",
      message: "No modified image returned from API",
      advice: /did not return an image/,
    },
    {
      fixture: "no-candidates.json",
      kind: "no-image",
      message: "No modified image returned from API",
      advice: /did not return an image/,
    },
    {
      fixture: "text-instead-of-image.json",
      kind: "text-instead-of-image",
      message: "No modified image returned from API",
      advice:
        'The AI answered in words instead of an image ("I can\'t edit this image as requested. Could you try a different photo?"). Try another photo or a different style.',
    },
  ];

  it.each(cases)(
    "$fixture -> $kind after one request",
    async ({ fixture, kind, status, message, advice }) => {
      const fake = serve({ fixture });
      const waits: (RetryWait | null)[] = [];
      const error = await failure(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
      expect(error).toBeInstanceOf(GeminiError);
      expect(error.kind).toBe(kind);
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
      if (typeof advice === "string") expect(error.advice).toBe(advice);
      else expect(error.advice).toMatch(advice);
      expect(error.retryable).toBe(false);
      expect(fake.requests).toHaveLength(1);
      expect(waits).toEqual([]);
      expect(`${error.message} ${error.advice}`).not.toContain(KEY);
    },
  );

  it("region or billing (400 FAILED_PRECONDITION) is not blamed on the photo", async () => {
    for (const fixture of [
      "error-400-failed-precondition-region.json",
      "error-400-failed-precondition-billing.json",
    ] as const) {
      serve({ fixture });
      const error = await failure(generateImage(imageOptions()));
      expect(error.advice).not.toMatch(/photo/i);
      expect(error.advice).toMatch(/billing/);
      expect(error.advice).toMatch(/region|location/);
    }
  });

  it("an API that is not enabled (403 SERVICE_DISABLED) is not called a leaked key", async () => {
    serve({ fixture: "error-403-service-disabled.json" });
    const error = await failure(generateImage(imageOptions()));
    expect(error.advice).not.toMatch(/leak|new key/i);
    expect(error.advice).toMatch(/enable the Generative Language API/);
  });

  it("knows SERVICE_DISABLED from the message alone, when a proxy drops the details", async () => {
    const body = fixtureJson("error-403-service-disabled.json") as { error: Record<string, unknown> };
    delete body.error.details;
    serve({ json: body, status: 403 });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({ kind: "key-denied", advice: ADVICE.serviceDisabled, retryable: false });
  });

  it("names the text model setting when the text model is gone", async () => {
    serve({ fixture: "error-404-model-not-found.json" });
    const error = await failure(generateText({ target, model: "gemini-old-flash", parts: PARTS }));
    expect(error.kind).toBe("model-not-found");
    expect(error.advice).toBe(
      'The AI model "gemini-old-flash" is no longer available: the app\'s model setting (VITE_GEMINI_TEXT_MODEL) needs updating.',
    );
  });

  it("tells a bad built-in key apart from a bad typed key", async () => {
    serve({ fixture: "error-400-api-key-invalid.json" });
    const error = await failure(
      generateImage(imageOptions({ target: { ...target, source: "default-key" } })),
    );
    expect(error.kind).toBe("bad-key");
    expect(error.advice).toMatch(/built-in API key is not valid: enter your own/);
  });

  it("says a used-up daily quota (not free tier) can be used again tomorrow", async () => {
    const body = fixtureJson("error-429-daily-quota.json");
    const fake = serve({
      json: JSON.parse(JSON.stringify(body).replace('"quotaValue":"0"', '"quotaValue":"250"')) as typeof body,
      status: 429,
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({ kind: "daily-quota", retryable: false });
    expect(error.advice).toMatch(/daily quota of this API key is used up: try again tomorrow/);
    expect(fake.requests).toHaveLength(1);
  });

  it('treats a "limit: 0" quota as needing a paid key, even with a RetryInfo', async () => {
    const fake = serve({
      status: 429,
      json: {
        error: {
          code: 429,
          status: "RESOURCE_EXHAUSTED",
          message:
            "Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 0, model: gemini-nano-banana-2.1",
          details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "30s" }],
        },
      },
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({ kind: "daily-quota", retryable: false });
    expect(error.advice).toMatch(/image models need a paid key/);
    expect(fake.requests).toHaveLength(1);
  });

  it("is a bad request for any other 400", async () => {
    const fake = serve({
      status: 400,
      json: { error: { code: 400, message: "Unable to process input image.", status: "INVALID_ARGUMENT" } },
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({
      kind: "bad-request",
      status: 400,
      message: "API error: Unable to process input image.",
      retryable: false,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("quotes at most about 200 characters of a long refusal", async () => {
    const refusal = `I cannot do that. ${"This is a very long explanation. ".repeat(20)}`;
    serve({ json: { candidates: [{ content: { parts: [{ text: refusal }] }, finishReason: "STOP" }] } });
    const error = await failure(generateImage(imageOptions()));
    expect(error.kind).toBe("text-instead-of-image");
    const quote = /\("(.*)"\)/.exec(error.advice)?.[1] ?? "";
    expect(quote.startsWith("I cannot do that.")).toBe(true);
    expect(quote.endsWith("...")).toBe(true);
    expect(quote.length).toBeLessThanOrEqual(203);
  });

  it("never puts the key in a message, even when a proxy echoes it", async () => {
    serve({
      status: 400,
      json: { error: { code: 400, message: `Bad request for key=${KEY}`, status: "INVALID_ARGUMENT" } },
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error.message).toBe("API error: Bad request for key=[redacted]");
  });

  it("reports a blocked or empty text call without retrying", async () => {
    const fake = serve({ fixture: "prompt-blocked.json" });
    const error = await failure(generateText({ target, model: TEXT_MODEL, parts: PARTS }));
    expect(error).toMatchObject({
      kind: "prompt-blocked",
      message: "No response generated.",
      retryable: false,
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe("answers that are not JSON", () => {
  it.each([
    ["an HTML page", "<html><body><h1>Access denied by proxy</h1></body></html>"],
    ["an empty body", ""],
    ["truncated JSON", '{"candidates": [{"content": '],
  ])("a 200 with %s is a bad response", async (_label, text) => {
    const fake = serve({ text, status: 200 });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({
      kind: "bad-response",
      message: "Invalid response format from API.",
      retryable: false,
    });
    expect(error.advice).toMatch(/could not be read/);
    expect(fake.requests).toHaveLength(1);
  });

  it("a 4xx with an HTML body is an API error with Unknown error", async () => {
    serve({ text: "<html>Forbidden</html>", status: 403 });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({ kind: "key-denied", status: 403, message: "API error: Unknown error" });
  });

  it('reads a flat {"error": "..."} body from a proxy', async () => {
    serve({ json: { error: "Upstream refused the request" }, status: 400 });
    const error = await failure(generateImage(imageOptions()));
    expect(error.message).toBe("API error: Upstream refused the request");
  });
});

describe("retries", () => {
  it("retries a 503 with a growing, reported wait, then succeeds", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const fake = serve([
      { fixture: "error-503-overloaded.json" },
      { fixture: "error-503-overloaded.json" },
      { fixture: "image-success.json" },
    ]);
    const waits: (RetryWait | null)[] = [];
    const result = await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([
      { attempt: 2, maxAttempts: 3, delayMs: 1000, reason: "The AI is busy right now." },
      null,
      { attempt: 3, maxAttempts: 3, delayMs: 2000, reason: "The AI is busy right now." },
      null,
    ]);
  });

  it("gives up after maxAttempts with the overloaded advice", async () => {
    vi.useFakeTimers();
    const fake = serve({ fixture: "error-503-overloaded.json" });
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({
      kind: "overloaded",
      status: 503,
      message: "API error: The model is overloaded. Please try again later.",
      advice: "The AI is overloaded right now: try again in a minute.",
      retryable: true,
    });
    expect(fake.requests).toHaveLength(3);
  });

  it("honours maxAttempts: 1", async () => {
    const fake = serve({ fixture: "error-503-overloaded.json" });
    const error = await failure(generateImage(imageOptions({ maxAttempts: 1 })));
    expect(error.kind).toBe("overloaded");
    expect(fake.requests).toHaveLength(1);
  });

  it("waits exactly the RetryInfo delay (7s) of a per-minute 429 before retrying", async () => {
    vi.useFakeTimers();
    const fake = serve([{ fixture: "error-429-quota.json" }, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    const call = generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) }));
    await vi.advanceTimersByTimeAsync(6_900);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([
      { attempt: 2, maxAttempts: 3, delayMs: 7000, reason: "Too many requests right now." },
    ]);
    await vi.advanceTimersByTimeAsync(200);
    const result = await settle(call);
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(2);
    expect(waits.at(-1)).toBeNull();
  });

  it("reports the rate-limit advice when per-minute 429s do not stop", async () => {
    vi.useFakeTimers();
    const fake = serve({ fixture: "error-429-quota.json" });
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({ kind: "rate-limit", status: 429, retryable: true, retryAfterMs: 7000 });
    expect(error.advice).toBe("Too many requests right now: wait a minute and try again.");
    expect(fake.requests).toHaveLength(3);
  });

  it('reads fractional RetryInfo delays ("1.5s")', async () => {
    vi.useFakeTimers();
    serve([
      {
        status: 429,
        json: {
          error: {
            code: 429,
            message: "Resource exhausted.",
            status: "RESOURCE_EXHAUSTED",
            details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "1.5s" }],
          },
        },
      },
      { fixture: "image-success.json" },
    ]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(waits[0]?.delayMs).toBe(1500);
  });

  it("does not wait for a server that asks for more than a minute", async () => {
    const fake = serve({
      status: 429,
      json: {
        error: {
          code: 429,
          message: "Resource exhausted.",
          status: "RESOURCE_EXHAUSTED",
          details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3600s" }],
        },
      },
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error.kind).toBe("rate-limit");
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [500, { fixture: "error-500-internal.json" } as GeminiReply],
    [502, { text: "<html><body>502 Bad Gateway</body></html>", status: 502 } as GeminiReply],
    [
      504,
      {
        json: { error: { code: 504, message: "Deadline expired", status: "DEADLINE_EXCEEDED" } },
        status: 504,
      },
    ],
  ])("retries a %i as a server problem", async (status, reply) => {
    vi.useFakeTimers();
    const fake = serve([reply, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]?.reason).toBe("The AI service had a problem.");

    const always = serve(reply);
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({ kind: "server", status, retryable: true });
    expect(error.advice).toBe("The AI service had a problem: try again.");
    expect(always.requests).toHaveLength(3);
  });

  it("retries a 408 as a timeout", async () => {
    vi.useFakeTimers();
    const fake = serve([{ text: "", status: 408 }, { fixture: "image-success.json" }]);
    await settle(generateImage(imageOptions()));
    expect(fake.requests).toHaveLength(2);
  });
});

describe("network, timeout and cancel", () => {
  it("calls a failed fetch offline, retries it, and keeps the photo", async () => {
    vi.useFakeTimers();
    const fake = serve({ networkError: true });
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({
      kind: "offline",
      retryable: true,
      message: "Could not reach the AI service.",
    });
    expect(error.advice).toBe(
      "You seem to be offline: check your connection and try again (your photo is still here).",
    );
    expect(fake.requests).toHaveLength(3);
  });

  it("recovers when the network comes back", async () => {
    vi.useFakeTimers();
    const fake = serve([{ networkError: true }, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]?.reason).toBe("The connection to the AI dropped.");
  });

  it("times out a text call after timeoutMs, and retries it", async () => {
    vi.useFakeTimers();
    const fake = serve({ hang: true });
    const call = generateText({ target, model: TEXT_MODEL, parts: PARTS, timeoutMs: 5_000, maxAttempts: 2 });
    const error = await failure(settle(call));
    expect(error).toMatchObject({
      kind: "timeout",
      retryable: true,
      message: "The AI took too long to answer.",
    });
    expect(error.advice).toMatch(/took too long/);
    expect(fake.requests).toHaveLength(2);
  });

  it("never retries a timed-out image call on its own (the first call may still be billed)", async () => {
    vi.useFakeTimers();
    const fake = serve({ hang: true });
    const waits: (RetryWait | null)[] = [];
    const call = generateImage(imageOptions({ timeoutMs: 5_000, onRetryWait: (w) => waits.push(w) }));
    const error = await failure(settle(call));
    expect(error).toMatchObject({
      kind: "timeout",
      retryable: false,
      message: "The AI took too long to answer.",
    });
    // The user's own "Try again" is still the way on.
    expect(error.advice).toMatch(/try again/);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("waits 90 s per attempt by default", async () => {
    vi.useFakeTimers();
    serve({ hang: true });
    let outcome: unknown;
    generateImage(imageOptions({ maxAttempts: 1 })).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(89_900);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome).toMatchObject({ kind: "timeout" });
  });

  it("cancels at once during a request", async () => {
    const fake = serve({ hang: true });
    const controller = new AbortController();
    const call = generateImage(imageOptions({ signal: controller.signal }));
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    const error = await failure(call);
    expect(error).toMatchObject({ kind: "cancelled", message: "Conversion cancelled", retryable: false });
    expect(fake.requests).toHaveLength(1);
  });

  it("cancels during a retry wait and sends nothing more", async () => {
    vi.useFakeTimers();
    const fake = serve([{ fixture: "error-503-overloaded.json" }, { fixture: "image-success.json" }]);
    const controller = new AbortController();
    const waits: (RetryWait | null)[] = [];
    let outcome: unknown;
    generateImage(imageOptions({ signal: controller.signal, onRetryWait: (w) => waits.push(w) })).catch(
      (e: unknown) => (outcome = e),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(waits).toHaveLength(1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toMatchObject({ kind: "cancelled", message: "Conversion cancelled" });
    expect(waits).toEqual([expect.objectContaining({ attempt: 2 }), null]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.requests).toHaveLength(1);
  });

  it("sends nothing when the signal is already aborted", async () => {
    const fake = serve({ fixture: "image-success.json" });
    const controller = new AbortController();
    controller.abort();
    const error = await failure(generateImage(imageOptions({ signal: controller.signal })));
    expect(error.kind).toBe("cancelled");
    expect(fake.requests).toHaveLength(0);
  });
});

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

  it("posts Gemini's request to /api/ai with the session as a bearer token, and no key", async () => {
    const fake = proxy({ fixture: "image-success.json", usage: { used: 1, limit: 3, remaining: 2 } });
    const result = await generateImage(hostedImage());
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.url.href).toBe(
      `${window.location.origin}/api/ai/v1beta/models/${IMAGE_MODEL}:generateContent`,
    );
    expect(request.headers.get("authorization")).toBe("Bearer token-1");
    expect(request.headers.has("x-goog-api-key")).toBe(false);
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(request.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"] },
    });
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
    expect((await settle(call)).image).toEqual(SUCCESS_IMAGE);
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
});
