/** One conversion of a photo into a style (no React): prepare it, build the instruction, ask the AI. */
import { PAGE_TEXT_TIMEOUT_MS } from "@/config/ai-timeouts";
import { getEnv } from "@/config/env";
import { customPrompt, RECREATE_SUFFIX, type Variant } from "@/config/variants";
import {
  generateImage,
  generateText,
  isGeminiError,
  resolveGeminiTarget,
  type GeminiTarget,
  type RetryWait,
} from "@/lib/gemini";
import { prepareImage, type LoadedImage, type PreparedImage } from "@/lib/image";

export type Operation =
  { kind: "first" } | { kind: "recreate"; lastPrompt: string } | { kind: "custom"; userPrompt: string };

/** One conversion as runConversion takes it: the photo, what to do, and the run's key and signal. */
export type ConversionRequest = {
  variant: Variant;
  image: LoadedImage;
  operation: Operation;
  apiKey?: string;
  signal: AbortSignal;
  onRetryWait?: (wait: RetryWait | null) => void;
};

export type ConversionOutput = {
  dataUrl: string;
  /** The instruction that produced the image (recreate builds on it). */
  prompt: string;
  text?: string;
  source: GeminiTarget["source"];
};

/**
 * Prompt analysis (SPEC 7.2): the text model describes the photo and the description is added to the
 * style's instruction. Any failure but a cancel falls back to the fixed prompt, silently.
 */
async function analysedPrompt(
  variant: Variant,
  prepared: PreparedImage,
  target: GeminiTarget,
  signal: AbortSignal,
): Promise<string> {
  const analysis = variant.analysis;
  if (!analysis) return variant.prompt({ bytes: prepared.bytes });
  try {
    const text = await generateText({
      target,
      model: getEnv().VITE_GEMINI_TEXT_MODEL,
      parts: [
        { text: analysis.request },
        { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } },
      ],
      tool: variant.id,
      signal,
      maxAttempts: 1,
      // The text model thinks first: 90 s, not 30 (the numbers are explained at PAGE_TEXT_TIMEOUT_MS).
      timeoutMs: PAGE_TEXT_TIMEOUT_MS.analysis,
    });
    const details = text.trim();
    if (!details) return analysis.fallback;
    const base = analysis.prefix ?? variant.prompt({ bytes: prepared.bytes });
    return `${base} ${details}`;
  } catch (error) {
    if (isGeminiError(error) && error.kind === "cancelled") throw error;
    return analysis.fallback;
  }
}

/** One conversion: prepare the photo, build the instruction, ask the image model. */
export async function runConversion(input: ConversionRequest): Promise<ConversionOutput> {
  const { variant, image, operation, signal } = input;
  const target = resolveGeminiTarget(input.apiKey);
  const prepared = await prepareImage(image, {
    maxSide: variant.image.maxSide,
    quality: variant.image.quality,
  });
  signal.throwIfAborted();

  let prompt: string;
  if (operation.kind === "recreate") prompt = `${operation.lastPrompt}${RECREATE_SUFFIX}`;
  else if (operation.kind === "custom") prompt = customPrompt(operation.userPrompt);
  else prompt = await analysedPrompt(variant, prepared, target, signal);

  const result = await generateImage({
    target,
    model: getEnv().VITE_GEMINI_IMAGE_MODEL,
    parts: [{ text: prompt }, { inlineData: { mimeType: prepared.mimeType, data: prepared.base64 } }],
    generationConfig: operation.kind === "custom" ? undefined : variant.generationConfig,
    tool: variant.id,
    // For the local preview engine: the style's own look, or (custom) the look the person's words name.
    toolInput:
      operation.kind === "custom"
        ? { operation: "custom", words: operation.userPrompt.trim() }
        : { operation: operation.kind },
    signal,
    onRetryWait: input.onRetryWait,
  });
  return { dataUrl: result.dataUrl, prompt, text: result.text, source: target.source };
}
