/**
 * generateImage and generateText when Gemini refuses: each refusal's kind, message and advice, sent
 * once and never retried, and the key never in a message.
 */
import { describe, expect, it } from "vitest";
import { generateImage, generateText, GeminiError, type GeminiErrorKind, type RetryWait } from "@/lib/gemini";
import { ADVICE } from "@/lib/gemini/advice";
import { fixtureJson, fixtureText, type GeminiFixtureName } from "../../msw/gemini";
import {
  clientTestSetup,
  failure,
  IMAGE_MODEL,
  imageOptions,
  KEY,
  PARTS,
  serve,
  target,
  TEXT_MODEL,
} from "./client-kit";

clientTestSetup();

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

  it("an image whose base64 does not decode is no image: said as one, sent once, nothing to show", async () => {
    const fake = serve({
      json: {
        candidates: [
          {
            content: {
              role: "model",
              parts: [{ inlineData: { mimeType: "image/png", data: "not base64 at all!" } }],
            },
            finishReason: "STOP",
          },
        ],
      },
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({
      kind: "no-image",
      message: "No modified image returned from API",
      retryable: false,
    });
    expect(fake.requests).toHaveLength(1);
  });

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
