export {
  generateImage,
  generateText,
  TEXT_TIMEOUT_MS,
  type GeminiPart,
  type GenerateOptions,
} from "./client";
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
export { streamText, STREAM_MESSAGES, type StreamTextOptions } from "./stream";
