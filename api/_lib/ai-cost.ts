/**
 * What the hosted AI costs (api/ai.ts): the price table with the operator's overrides, the estimate of
 * one call, and the daily budget, from the server's environment:
 *
 *   AI_PRICES_JSON       changes to src/config/ai-prices.ts without a rebuild: a JSON object of model
 *                        ID to the price fields to change, e.g. {"gemini-3.8-flash":{"inputPerMillion":1.5,
 *                        "textOutputPerMillion":7.5}}. Unset or empty: the table as it is.
 *   AI_DAILY_BUDGET_USD  once today's (UTC) estimated spend reaches it, /api/ai refuses new calls with 503
 *                        DAILY_BUDGET_REACHED until midnight UTC. A positive number of US dollars. Unset or
 *                        empty: no cap. A soft cap: the spend is read before a call is reserved, and calls
 *                        already in flight may each add one more call's cost.
 * A value that breaks these rules is a problem (`problems`): the proxy refuses every call with 500 and
 * logs it. With a budget set, both configured models must have prices (else the cap could not see them).
 */
import {
  AI_PRICES,
  DEFAULT_IMAGE_SIZE,
  IMAGE_SIZES,
  type ImageSize,
  type ModelPrices,
} from "../../src/config/ai-prices.ts";
import { imageConfigIn, imageSizeIn } from "./ai-request.ts";
import { geminiError, MESSAGES, REASONS } from "./ai-errors.ts";
import { isObject } from "./ai-request.ts";
import { nonEmpty, type Env } from "./http.ts";
import type { Db } from "./supabase.ts";

export type PriceTable = Readonly<Record<string, ModelPrices>>;

export type CostSettings = {
  prices: PriceTable;
  /** The daily budget in millionths of a dollar, or null for no cap. */
  dailyBudgetMicros: number | null;
  /** Settings that break a rule, each a sentence naming the variable; the proxy refuses while any. */
  problems: string[];
};

/** Most a price or a budget may be: a typo's guard (a million dollars a day, ten thousand a token unit). */
const MAX_PRICE = 10_000;
const MAX_BUDGET_USD = 1_000_000;
const PRICE_FIELDS = ["inputPerMillion", "textOutputPerMillion", "imageOutputPerMillion"] as const;
const MODEL_ID = /^[A-Za-z0-9._-]{1,100}$/;

const isPrice = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_PRICE;

/** One model's entry of AI_PRICES_JSON merged over the table's, or the problems it has. */
function mergeModel(id: string, change: unknown, base: ModelPrices | undefined, problems: string[]) {
  const where = `AI_PRICES_JSON["${id}"]`;
  if (!isObject(change)) {
    problems.push(`${where} must be an object of prices, e.g. {"inputPerMillion":1.5}.`);
    return base;
  }
  const merged: ModelPrices = { ...base, perImage: { ...base?.perImage } } as ModelPrices;
  for (const [field, value] of Object.entries(change)) {
    if ((PRICE_FIELDS as readonly string[]).includes(field)) {
      if (isPrice(value)) merged[field as (typeof PRICE_FIELDS)[number]] = value;
      else problems.push(`${where}.${field} must be a number of US dollars from 0 to ${MAX_PRICE}.`);
    } else if (field === "perImage" && isObject(value)) {
      for (const [size, price] of Object.entries(value)) {
        if (!(IMAGE_SIZES as readonly string[]).includes(size)) {
          problems.push(`${where}.perImage has the size "${size}": sizes are ${IMAGE_SIZES.join(", ")}.`);
        } else if (!isPrice(price)) {
          problems.push(
            `${where}.perImage["${size}"] must be a number of US dollars from 0 to ${MAX_PRICE}.`,
          );
        } else merged.perImage![size as ImageSize] = price;
      }
    } else {
      problems.push(
        `${where} has "${field}": the fields are ${[...PRICE_FIELDS, "perImage"].join(", ")} (perImage an object).`,
      );
    }
  }
  if (merged.inputPerMillion === undefined || merged.textOutputPerMillion === undefined) {
    problems.push(
      `${where} is a model the price table lacks: give it inputPerMillion and textOutputPerMillion.`,
    );
    return base;
  }
  return merged;
}

function priceTable(json: string | undefined, problems: string[]): PriceTable {
  if (json === undefined) return AI_PRICES;
  let changes: unknown;
  try {
    changes = JSON.parse(json);
  } catch {
    problems.push("AI_PRICES_JSON is not valid JSON: it must be an object of model ID to prices.");
    return AI_PRICES;
  }
  if (!isObject(changes)) {
    problems.push("AI_PRICES_JSON must be a JSON object of model ID to prices.");
    return AI_PRICES;
  }
  const table: Record<string, ModelPrices> = { ...AI_PRICES };
  for (const [id, change] of Object.entries(changes)) {
    if (!MODEL_ID.test(id)) {
      problems.push(`AI_PRICES_JSON has the model ID "${id.slice(0, 100)}", which is not one.`);
      continue;
    }
    const merged = mergeModel(id, change, table[id], problems);
    if (merged) table[id] = merged;
  }
  return table;
}

/** The prices and the budget from the environment; `models` are the proxy's two configured models. */
export function costSettings(env: Env, models: readonly string[] = []): CostSettings {
  const problems: string[] = [];
  const prices = priceTable(nonEmpty(env.AI_PRICES_JSON), problems);
  let dailyBudgetMicros: number | null = null;
  const budget = nonEmpty(env.AI_DAILY_BUDGET_USD);
  if (budget !== undefined) {
    const usd = Number(budget);
    if (!/^\d+(\.\d+)?$/.test(budget) || !(usd > 0) || usd > MAX_BUDGET_USD) {
      problems.push(
        `AI_DAILY_BUDGET_USD must be a positive number of US dollars up to ${MAX_BUDGET_USD}, such as 25 ` +
          `or 12.50; it is "${budget.slice(0, 40)}". Leave it unset for no daily cap.`,
      );
    } else {
      dailyBudgetMicros = Math.round(usd * 1_000_000);
      for (const model of models) {
        if (!prices[model]) {
          problems.push(
            `AI_DAILY_BUDGET_USD is set, but the model "${model}" has no price, so its calls would cost ` +
              `nothing against the cap: add it to AI_PRICES_JSON (or src/config/ai-prices.ts).`,
          );
        }
      }
    }
  }
  return { prices, dailyBudgetMicros, problems };
}

/** The tokens of an answer's usageMetadata. */
export type Usage = {
  prompt: number | null;
  candidates: number | null;
  thoughts: number | null;
  /** The answer tokens that are image, from candidatesTokensDetails; null when Gemini gave none. */
  imageTokens: number | null;
};

const MAX_TOKENS = 2_147_483_647;
const tokenCount = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_TOKENS) : null;

/** An answer's usageMetadata as token counts, or null when it has none. */
export function usageOf(metadata: unknown): Usage | null {
  if (!isObject(metadata)) return null;
  const usage: Usage = {
    prompt: tokenCount(metadata.promptTokenCount),
    candidates: tokenCount(metadata.candidatesTokenCount),
    thoughts: tokenCount(metadata.thoughtsTokenCount),
    imageTokens: null,
  };
  if (Array.isArray(metadata.candidatesTokensDetails)) {
    usage.imageTokens = 0;
    for (const detail of metadata.candidatesTokensDetails) {
      if (isObject(detail) && detail.modality === "IMAGE")
        usage.imageTokens += tokenCount(detail.tokenCount) ?? 0;
    }
  }
  const any = usage.prompt ?? usage.candidates ?? usage.thoughts;
  return any === null ? null : usage;
}

/** The size an image call asks for (generationConfig.imageConfig.imageSize, default 1K); null for text. */
export function imageSizeOf(body: unknown, kind: "image" | "text"): string | null {
  if (kind !== "image") return null;
  const size = imageSizeIn(imageConfigIn(body));
  if (size === undefined || size === null) return DEFAULT_IMAGE_SIZE;
  const normal = typeof size === "string" ? size.trim().toUpperCase() : "";
  // Only the sizes Gemini knows are stored as such; anything else is recorded as "other".
  return (IMAGE_SIZES as readonly string[]).includes(normal) ? normal : "other";
}

export type CostBasis = "tokens" | "image_price" | "none" | "unpriced";
export type Estimate = { micros: number; basis: CostBasis };

export type Billed = {
  model: string;
  kind: "image" | "text";
  imageSize: string | null;
  usage: Usage | null;
  /** The answer carried an image. */
  hasImage: boolean;
  counted: boolean;
};

/**
 * One call's estimated cost in millionths of a dollar. From its tokens when the answer had
 * usageMetadata (a failure Google billed too); else the per-image price of its size for an image that
 * counted; else nothing (Google bills no failed request, and a text call without usage is not known).
 */
export function estimateCost(prices: PriceTable, call: Billed): Estimate {
  const price = prices[call.model];
  if (!price) return { micros: 0, basis: "unpriced" };
  const { usage } = call;
  if (usage) {
    const answer = usage.candidates ?? 0;
    const image =
      usage.imageTokens !== null
        ? Math.min(usage.imageTokens, answer)
        : call.kind === "image" && call.hasImage
          ? answer
          : 0;
    const text = answer - image + (usage.thoughts ?? 0);
    const usd =
      ((usage.prompt ?? 0) * price.inputPerMillion +
        image * (price.imageOutputPerMillion ?? price.textOutputPerMillion) +
        text * price.textOutputPerMillion) /
      1_000_000;
    return { micros: Math.round(usd * 1_000_000), basis: "tokens" };
  }
  if (call.kind === "image" && call.counted) {
    const sizes = price.perImage ?? {};
    const perImage =
      sizes[call.imageSize as ImageSize] ?? sizes[DEFAULT_IMAGE_SIZE] ?? Math.max(0, ...Object.values(sizes));
    if (perImage > 0) return { micros: Math.round(perImage * 1_000_000), basis: "image_price" };
    return { micros: 0, basis: "unpriced" };
  }
  return { micros: 0, basis: "none" };
}

/** Whether today's (UTC) estimated spend has reached the budget: one indexed sum (ai_spend_today). */
export async function budgetReached(db: Db, budgetMicros: number): Promise<boolean> {
  const { data, error } = await db.rpc("ai_spend_today");
  if (error) throw new Error(`ai_spend_today failed: ${error.code ?? ""} ${error.message}`);
  return Number(data) >= budgetMicros;
}

/** The refusal once the day's budget is spent: 503 in Gemini's shape, with no retry delay to wait for. */
export function budgetRefusal(): Response {
  return geminiError(503, REASONS.budgetReached, MESSAGES.budgetReached);
}
