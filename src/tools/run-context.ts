/**
 * What every tool's run gets (docs/architecture.md "Tools"): where its calls go and with which key, the
 * models, the tool's id, the run's signal and retry wait, and its AI calls with all of that filled in.
 * A tool's run is `(input, ctx: ToolRunContext) => Promise<output>`: plain async code, no React, tested
 * against msw; the shared tool hook (src/hooks/use-tool.ts) makes the context for each run.
 */
import { getEnv } from "@/config/env";
import { offlineError } from "@/lib/gemini/errors";
import { resolveGeminiTarget, type GeminiTarget } from "@/lib/gemini/target";
import type { GenerateOptions } from "@/lib/gemini/client";
import type { ImageResult } from "@/lib/gemini/parse";
import { pictureUrl } from "@/lib/image/picture-urls";
import type { RetryWait } from "@/lib/gemini/retry";
import type { StreamTextOptions } from "@/lib/gemini/stream";

// The AI calls' code (the client, its answer parsing, the text stream) is fetched by a tool's first
// call, not with every tool page (first-load budget): run-context.lazy.ts.
// A failed fetch of that code (the connection dropped while a photo was prepared) is said as the
// connection's failure, with its advice, not as a module's URL.
const loadCalls = () =>
  import("./run-context.lazy").catch((cause: unknown) => {
    throw offlineError(cause);
  });
import type { ToolId } from "./registry";

/** What the context fills in for each call (a call may still name its own signal and retry wait: a batch's photo). */
type Filled = "target" | "model" | "tool";

export type ToolRunContext = {
  tool: ToolId;
  /** Where the calls go (a typed key to Google, the proxy, the built-in key, the local engine). */
  target: GeminiTarget;
  signal: AbortSignal;
  onRetryWait: (wait: RetryWait | null) => void;
  /** The object URL the page shows a picture by (a result made from the answer): the page's. */
  picture: (blob: Blob) => string;
  /** One call to the image model: its picture as a Blob, and the object URL the page shows it by. */
  image: (call: Omit<GenerateOptions, Filled>) => Promise<ShownImage>;
  /** One call to the text model (a photo's description). */
  text: (call: Omit<GenerateOptions, Filled>) => Promise<string>;
  /** The text model's answer as it arrives (a poem). */
  stream: (call: Omit<StreamTextOptions, Filled>) => Promise<string>;
};

/** An image call's picture: its Blob, and the object URL of it the page shows (owned by the page). */
export type ShownImage = ImageResult & { url: string };

/**
 * The context of one run of `tool`, sent with `apiKey` (lib/api-key: "" for none typed). `picture` makes
 * the URL a picture is shown by: the tool page's (use-tool.ts), revoked when the page closes.
 */
export function toolRunContext(
  tool: ToolId,
  apiKey: string | undefined,
  run: { signal: AbortSignal; onRetryWait: (wait: RetryWait | null) => void },
  picture: (blob: Blob) => string = pictureUrl,
): ToolRunContext {
  const target = resolveGeminiTarget(apiKey);
  const env = getEnv();
  // Fetched as the run starts, beside the tool's own run code, so it is there by the first call.
  loadCalls().catch(() => undefined);
  const filled = { signal: run.signal, onRetryWait: run.onRetryWait };
  const fixed = { target, tool };
  return {
    tool,
    target,
    ...run,
    picture,
    image: async (call) => {
      const result = await (
        await loadCalls()
      ).generateImage({
        ...filled,
        ...call,
        ...fixed,
        model: env.VITE_GEMINI_IMAGE_MODEL,
      });
      return { ...result, url: picture(result.blob) };
    },
    text: async (call) =>
      (await loadCalls()).generateText({ ...filled, ...call, ...fixed, model: env.VITE_GEMINI_TEXT_MODEL }),
    stream: async (call) =>
      (await loadCalls()).streamText({ ...filled, ...call, ...fixed, model: env.VITE_GEMINI_TEXT_MODEL }),
  };
}
