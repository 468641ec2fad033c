/// <reference types="node" />
// The cost settings and estimates of /api/ai (api/_lib/ai-cost.ts, ai-calls.ts) as plain functions:
// AI_PRICES_JSON and AI_DAILY_BUDGET_USD, what a call is estimated at, which tool and image size are
// recorded, and how the page takes the daily budget's refusal (src/lib/gemini/client.lazy.ts): its message,
// and never an automatic retry (src/lib/gemini/retry.ts).
import { AI_PRICES, AI_PRICES_CHECKED } from "../../src/config/ai-prices";
import { GEMINI_DEFAULTS } from "../../src/config/gemini-defaults";
import {
  budgetRefusal,
  costSettings,
  estimateCost,
  imageSizeOf,
  usageOf,
  type Billed,
} from "../../api/_lib/ai-cost";
import { toolOf, wholeAnswer } from "../../api/_lib/ai-calls";
import { DAILY_BUDGET_MESSAGE, HOSTED_ADVICE, proxyError } from "../../src/lib/gemini/client.lazy";
import { withRetry } from "../../src/lib/gemini/retry";
import { GeminiError } from "../../src/lib/gemini/errors";
import { MESSAGES, REASONS } from "../../api/ai";
import { fixture } from "./ai-proxy-helpers";

const IMAGE_MODEL = GEMINI_DEFAULTS.VITE_GEMINI_IMAGE_MODEL;
const TEXT_MODEL = GEMINI_DEFAULTS.VITE_GEMINI_TEXT_MODEL;

describe("the price table (src/config/ai-prices.ts)", () => {
  it("prices both default models, with the date they were checked", () => {
    expect(AI_PRICES_CHECKED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(AI_PRICES[IMAGE_MODEL]).toMatchObject({
      inputPerMillion: 1.5,
      textOutputPerMillion: 7.5,
      imageOutputPerMillion: 30,
      perImage: { "1K": 0.0336, "4K": 0.1134 },
    });
    expect(AI_PRICES["gemini-3-pro-image"]?.perImage).toMatchObject({ "1K": 0.134, "2K": 0.134, "4K": 0.24 });
    expect(AI_PRICES[TEXT_MODEL]).toBeDefined();
  });
});

describe("costSettings", () => {
  it("no budget and the table as it is when nothing is set (or only blanks)", () => {
    for (const env of [{}, { AI_DAILY_BUDGET_USD: "", AI_PRICES_JSON: "  " }]) {
      const costs = costSettings(env, [IMAGE_MODEL, TEXT_MODEL]);
      expect(costs).toEqual({ prices: AI_PRICES, dailyBudgetMicros: null, problems: [] });
    }
  });

  it("reads the budget in dollars", () => {
    expect(costSettings({ AI_DAILY_BUDGET_USD: "25" }).dailyBudgetMicros).toBe(25_000_000);
    expect(costSettings({ AI_DAILY_BUDGET_USD: " 12.50 " }).dailyBudgetMicros).toBe(12_500_000);
  });

  it.each(["0", "-5", "$25", "25 USD", "1e3", "abc", "2000000"])(
    "calls the budget %j a problem that names the variable",
    (value) => {
      const costs = costSettings({ AI_DAILY_BUDGET_USD: value });
      expect(costs.dailyBudgetMicros).toBeNull();
      expect(costs.problems).toHaveLength(1);
      expect(costs.problems[0]).toMatch(/^AI_DAILY_BUDGET_USD must be a positive number of US dollars/);
    },
  );

  it("merges AI_PRICES_JSON over the table field by field, and adds a model with its two token prices", () => {
    const costs = costSettings({
      AI_PRICES_JSON: JSON.stringify({
        [IMAGE_MODEL]: { imageOutputPerMillion: 40, perImage: { "4K": 0.2 } },
        "gemini-next": { inputPerMillion: 1, textOutputPerMillion: 2 },
      }),
    });
    expect(costs.problems).toEqual([]);
    expect(costs.prices[IMAGE_MODEL]).toEqual({
      ...AI_PRICES[IMAGE_MODEL],
      imageOutputPerMillion: 40,
      perImage: { ...AI_PRICES[IMAGE_MODEL]!.perImage, "4K": 0.2 },
    });
    expect(costs.prices["gemini-next"]).toMatchObject({ inputPerMillion: 1, textOutputPerMillion: 2 });
    // The table itself is unchanged.
    expect(AI_PRICES[IMAGE_MODEL]!.imageOutputPerMillion).toBe(30);
  });

  it.each([
    ["not JSON", "{nope", /not valid JSON/],
    ["not an object", "[1, 2]", /must be a JSON object/],
    ["a model that is not an object", '{"gemini-3.8-flash": 3}', /must be an object of prices/],
    ["an unknown field", '{"gemini-3.8-flash": {"outputPerMillion": 3}}', /has "outputPerMillion"/],
    ["a negative price", '{"gemini-3.8-flash": {"inputPerMillion": -1}}', /inputPerMillion must be a number/],
    ["a price as text", '{"gemini-3.8-flash": {"inputPerMillion": "1"}}', /inputPerMillion must be a number/],
    ["an unknown size", '{"gemini-nano-banana-2.1": {"perImage": {"8K": 1}}}', /has the size "8K"/],
    ["a new model without token prices", '{"gemini-next": {"inputPerMillion": 1}}', /the price table lacks/],
    ["a model ID that is not one", '{"a b": {"inputPerMillion": 1}}', /not one/],
  ])("calls AI_PRICES_JSON with %s a problem", (_what, json, message) => {
    const costs = costSettings({ AI_PRICES_JSON: json });
    expect(costs.problems).toHaveLength(1);
    expect(costs.problems[0]).toMatch(/^AI_PRICES_JSON/);
    expect(costs.problems[0]).toMatch(message);
  });

  it("with a budget, refuses a configured model that has no price (the cap could not see it)", () => {
    const costs = costSettings({ AI_DAILY_BUDGET_USD: "10" }, ["gemini-unpriced", TEXT_MODEL]);
    expect(costs.problems).toEqual([expect.stringMatching(/model "gemini-unpriced" has no price/)]);
    // Without a budget an unpriced model is allowed (recorded at $0, logged).
    expect(costSettings({}, ["gemini-unpriced"]).problems).toEqual([]);
  });
});

describe("estimateCost", () => {
  const prices = costSettings({}).prices;
  const image = (over: Partial<Billed>): Billed => ({
    model: IMAGE_MODEL,
    kind: "image",
    imageSize: "1K",
    usage: null,
    hasImage: true,
    counted: true,
    ...over,
  });

  it("from tokens: prompt at the input price, an image answer at the image price, thinking as text", () => {
    const usage = usageOf({ promptTokenCount: 1290, candidatesTokenCount: 1300, thoughtsTokenCount: 200 });
    // 1290 x 1.50 + 1300 x 30 + 200 x 7.50 (per million)
    expect(estimateCost(prices, image({ usage }))).toEqual({
      micros: 1935 + 39_000 + 1_500,
      basis: "tokens",
    });
  });

  it("splits the answer by candidatesTokensDetails when Gemini gives it", () => {
    const usage = usageOf({
      promptTokenCount: 1000,
      candidatesTokenCount: 1220,
      candidatesTokensDetails: [
        { modality: "IMAGE", tokenCount: 1120 },
        { modality: "TEXT", tokenCount: 100 },
      ],
    });
    expect(estimateCost(prices, image({ usage }))).toEqual({ micros: 1_500 + 33_600 + 750, basis: "tokens" });
  });

  it("without usageMetadata, a counted image at the per-image price of its size", () => {
    expect(estimateCost(prices, image({ imageSize: "1K" }))).toEqual({
      micros: 33_600,
      basis: "image_price",
    });
    expect(estimateCost(prices, image({ imageSize: "4K" }))).toEqual({
      micros: 113_400,
      basis: "image_price",
    });
    expect(estimateCost(prices, image({ imageSize: "other" }))).toEqual({
      micros: 33_600,
      basis: "image_price",
    });
  });

  it("a failure Google billed (tokens) is estimated; one without usage costs nothing", () => {
    const blocked = image({ counted: false, hasImage: false, usage: usageOf({ promptTokenCount: 1290 }) });
    expect(estimateCost(prices, blocked)).toEqual({ micros: 1935, basis: "tokens" });
    expect(estimateCost(prices, image({ counted: false, hasImage: false }))).toEqual({
      micros: 0,
      basis: "none",
    });
  });

  it("a text call's answer and thinking at the text price", () => {
    const usage = usageOf({ promptTokenCount: 1290, candidatesTokenCount: 58, thoughtsTokenCount: 100 });
    const call: Billed = {
      model: TEXT_MODEL,
      kind: "text",
      imageSize: null,
      usage,
      hasImage: false,
      counted: true,
    };
    // 1290 x 0.75 + (58 + 100) x 3.75
    expect(estimateCost(prices, call)).toEqual({ micros: 1560, basis: "tokens" });
  });

  it("an unpriced model costs $0, marked as such", () => {
    expect(estimateCost(prices, image({ model: "gemini-unpriced" }))).toEqual({
      micros: 0,
      basis: "unpriced",
    });
  });
});

describe("what a record says about the request", () => {
  const request = (tool?: string) =>
    new Request("http://app.test/api/ai", { headers: tool === undefined ? {} : { "x-cucumber-tool": tool } });

  it.each([
    ["hulk", "hulk"],
    [" Family-Guy ", "family-guy"],
    [undefined, "unknown"],
    ["", "unknown"],
    ["made-up-tool", "made-up-tool"],
    ["Photo Shop", "unknown"],
    ["-hulk", "unknown"],
    ["hulk'; drop table ai_calls; --", "unknown"],
    ["x".repeat(5000), "unknown"],
  ])("x-cucumber-tool %j is recorded as %j", (header, recorded) => {
    expect(toolOf(request(header))).toBe(recorded);
  });

  it("records the image size asked for, 1K by default, null for text", () => {
    const body = (imageConfig?: unknown) => ({ contents: [], generationConfig: { imageConfig } });
    expect(imageSizeOf(body(), "image")).toBe("1K");
    expect(imageSizeOf({ contents: [] }, "image")).toBe("1K");
    expect(imageSizeOf(body({ imageSize: "4K" }), "image")).toBe("4K");
    expect(imageSizeOf(body({ imageSize: "2k" }), "image")).toBe("2K");
    expect(imageSizeOf(body({ imageSize: "x".repeat(100) }), "image")).toBe("other");
    expect(imageSizeOf(body({ imageSize: "4K" }), "text")).toBeNull();
    // Gemini takes the snake_case spelling too: a 4K call so spelled is still priced as 4K.
    const snake = { contents: [], generationConfig: { image_config: { image_size: "4K" } } };
    expect(imageSizeOf(snake, "image")).toBe("4K");
  });

  it("classes a whole answer that did not count", () => {
    const image = { model: IMAGE_MODEL, method: "generateContent", kind: "image" } as const;
    expect(wholeAnswer(image, 200, fixture("image-success.json"))).toMatchObject({
      count: 1,
      outcome: { failure: null, hasImage: true, usage: { prompt: 1290, candidates: 1300 } },
    });
    expect(wholeAnswer(image, 200, fixture("prompt-blocked.json")).outcome.failure).toBe("blocked");
    expect(wholeAnswer(image, 200, fixture("finish-image-safety.json")).outcome.failure).toBe("blocked");
    expect(wholeAnswer(image, 200, fixture("finish-no-image.json")).outcome.failure).toBe("no_image");
    expect(wholeAnswer(image, 200, fixture("text-instead-of-image.json")).outcome.failure).toBe("no_image");
    expect(wholeAnswer(image, 200, "<html>").outcome.failure).toBe("no_image");
    expect(wholeAnswer(image, 429, fixture("error-429-quota.json")).outcome.failure).toBe("upstream_429");
    expect(wholeAnswer(image, 404, "").outcome.failure).toBe("upstream_4xx");
    expect(wholeAnswer(image, 503, "").outcome.failure).toBe("upstream_5xx");
  });
});

describe("the daily budget's refusal, as the page takes it", () => {
  const ctx = { call: "image", model: IMAGE_MODEL, keySource: "hosted" } as const;

  it("is a 503 in Gemini's shape with its own reason and a message a person understands", async () => {
    const response = budgetRefusal();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBeNull();
    const body = (await response.json()) as {
      error: { status: string; message: string; details: unknown[] };
    };
    expect(body.error).toMatchObject({ status: "UNAVAILABLE", message: MESSAGES.budgetReached });
    expect(body.error.details).toEqual([
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: REASONS.budgetReached,
        domain: "cucumber.ai",
      },
    ]);
    expect(MESSAGES.budgetReached).toBe(DAILY_BUDGET_MESSAGE);
  });

  it("becomes the page's message and advice, and is never sent again on its own", async () => {
    const body = await budgetRefusal().json();
    for (const call of ["image", "text"] as const) {
      const error = proxyError(503, body, { ...ctx, call });
      expect(error).toMatchObject({
        message: "Cucumber.AI has reached today's limit for AI pictures. Please try again tomorrow.",
        advice: HOSTED_ADVICE.dailyBudget,
        retryable: false,
        status: 503,
      });
      expect(error.kind).not.toBe("overloaded");
    }
    // Gemini's own 503 stays a retried "overloaded".
    expect(proxyError(503, JSON.parse(fixture("error-503-overloaded.json")), ctx)).toMatchObject({
      kind: "overloaded",
      retryable: true,
    });

    const attempt = vi.fn(async () => {
      throw proxyError(503, body, ctx);
    });
    const failed = await withRetry(attempt, { maxAttempts: 3 }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(GeminiError);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
