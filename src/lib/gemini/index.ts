/** The Gemini client's public face: everything the features use from src/lib/gemini. */
export { generateImage, generateText, type GeminiPart, type GenerateOptions } from "./client";
export { describeFailure, GeminiError, isGeminiError, type GeminiErrorKind } from "./errors";
export type { ImageResult, InlineImage } from "./parse";
export type { RetryWait } from "./retry";
export {
  geminiBaseUrl,
  localPreviewEngineMounted,
  resolveGeminiTarget,
  typedKeyGoesToGoogle,
  type GeminiTarget,
} from "./target";
export { streamText, type StreamTextOptions } from "./stream";
export { STREAM_MESSAGES } from "./stream-events";
