/**
 * What the hosted AI costs the operator, for the estimates of /api/ai (api/_lib/ai-cost.ts): each
 * record's estimated cost, the daily budget (AI_DAILY_BUDGET_USD) and `npm run report:usage`. Google's
 * list prices in US dollars, standard (not batch) tier. The server imports this file too: no
 * import.meta, no imports.
 *
 * An operator changes them without a rebuild with AI_PRICES_JSON on the server: a JSON object of model
 * ID to the fields to change, merged over this table field by field (a model not listed here needs at
 * least inputPerMillion and textOutputPerMillion), e.g.
 *   AI_PRICES_JSON='{"gemini-nano-banana-2.1":{"imageOutputPerMillion":30,"perImage":{"4K":0.12}}}'
 *
 * How a call is estimated: from its answer's usageMetadata when there is one (prompt tokens at the input
 * price; answer tokens at the image-output price for an image call that returned an image, else at the
 * text price, or split by candidatesTokensDetails' modalities where Gemini gives them; thinking tokens
 * at the text price), else, for an image that counted, the per-image price of its size.
 */

/** When these prices were last checked against Google's pricing page. */
export const AI_PRICES_CHECKED = "2026-11-27";

/** The image sizes Gemini takes in generationConfig.imageConfig.imageSize ("1K" when not given). */
export const IMAGE_SIZES = ["512", "1K", "2K", "4K"] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const DEFAULT_IMAGE_SIZE: ImageSize = "1K";

export type ModelPrices = {
  /** US dollars per million input tokens (text and images sent). */
  inputPerMillion: number;
  /** Per million text output tokens, thinking included. */
  textOutputPerMillion: number;
  /** Per million image output tokens (image models). */
  imageOutputPerMillion?: number;
  /** Per image by size, when an answer carries no usageMetadata (image models). */
  perImage?: Partial<Record<ImageSize, number>>;
};

export const AI_PRICES: Readonly<Record<string, ModelPrices>> = {
  // Nano Banana 2.1: $0.0336 a 1K image (1120 tokens), $0.1134 at 4K. Google lists no 2K price for it
  // yet: 2K is assumed to be 1680 tokens as on Nano Banana 2 ($0.0504). No 512 (the model refuses it).
  "gemini-nano-banana-2.1": {
    inputPerMillion: 1.5,
    textOutputPerMillion: 7.5,
    imageOutputPerMillion: 30,
    perImage: { "1K": 0.0336, "2K": 0.0504, "4K": 0.1134 },
  },
  // Nano Banana Pro, for an operator who switches GEMINI_IMAGE_MODEL to it.
  "gemini-3-pro-image": {
    inputPerMillion: 2,
    textOutputPerMillion: 12,
    imageOutputPerMillion: 120,
    perImage: { "1K": 0.134, "2K": 0.134, "4K": 0.24 },
  },
  // Gemini 3.8 Flash at its launch price, $0.75 / $3.75 per million tokens, which Google lists until
  // 2026-12-31; from 2027-01-01 it is $1.50 / $7.50: raise it then (or set AI_PRICES_JSON now).
  "gemini-3.8-flash": {
    inputPerMillion: 0.75,
    textOutputPerMillion: 3.75,
  },
};
