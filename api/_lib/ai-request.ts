/**
 * What the AI proxy (api/ai.ts) lets through to Gemini: the call a path names (a role, image or text,
 * for which the proxy picks its configured model; or one of those two models by ID, as builds before
 * roles sent; generateContent or streamGenerateContent), a body of Gemini's request fields only with a
 * count of its images, the upstream URL the call goes to, and the page's tool headers, which only the
 * local preview engine is given.
 */
import {
  GEMINI_ASPECT_RATIOS,
  isOutputSize,
  sizeFeature,
  type OutputSize,
} from "../../src/config/image-output.ts";
import { TOOL_HEADER, TOOL_INPUT_HEADER } from "../../src/config/tool-input.ts";
import { modelFor, type AiSettings, type Role } from "./ai-settings.ts";
import { geminiError, MESSAGES, REASONS } from "./ai-errors.ts";

const ALLOWED_FIELDS = new Set(["contents", "generationConfig", "safetySettings", "systemInstruction"]);

export type Call = {
  /** The model the call goes to: the server's setting for its role. */
  model: string;
  method: "generateContent" | "streamGenerateContent";
  kind: Role;
};

const ROLES: readonly string[] = ["image", "text"] satisfies Role[];

/** The role and method a request names, from its path (or the ?path= a host rewrite passes). */
export function parseCall(url: URL, settings: AiSettings): Call | { error: Response } {
  const path = url.searchParams.get("path") ?? url.pathname.replace(/^.*?\/api\/ai\/?/, "");
  const match = /^\/?v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
  if (!match) return { error: geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest) };
  let name: string;
  try {
    name = decodeURIComponent(match[1]).replace(/^models\//, "");
  } catch {
    return { error: geminiError(400, REASONS.invalidRequest, MESSAGES.invalidRequest) };
  }
  const kind: Role | null = ROLES.includes(name)
    ? (name as Role)
    : name === settings.imageModel
      ? "image"
      : name === settings.textModel
        ? "text"
        : null;
  if (!kind) return { error: geminiError(400, REASONS.modelNotAllowed, MESSAGES.modelNotAllowed) };
  return { model: modelFor(settings, kind), method: match[2] as Call["method"], kind };
}

export type JsonObject = Record<string, unknown>;
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** How many inline images a request carries, or null when it is not a generateContent request. */
export function countImages(body: unknown): number | null {
  if (!isObject(body) || !Array.isArray(body.contents)) return null;
  if (Object.keys(body).some((key) => !ALLOWED_FIELDS.has(key))) return null;
  let images = 0;
  for (const content of body.contents) {
    if (!isObject(content) || !Array.isArray(content.parts)) return null;
    for (const part of content.parts) {
      if (!isObject(part)) return null;
      if (part.inlineData !== undefined || part.inline_data !== undefined || part.fileData !== undefined)
        images += 1;
    }
  }
  return images;
}

/**
 * The picture's shape and size a request asks for (generationConfig.imageConfig, issue 28): null when it
 * names a ratio or size Gemini does not take (src/config/image-output.ts: its ratios; "1K", "2K", "4K"
 * with an uppercase K), else the plan feature its size needs (size2K, size4K; none for 1K or no size).
 */
/** A request's generationConfig.imageConfig as sent (Gemini takes either spelling), or undefined. */
export function imageConfigIn(body: unknown): unknown {
  const config = isObject(body) ? body.generationConfig : undefined;
  return isObject(config) ? (config.imageConfig ?? config.image_config) : undefined;
}

/** That imageConfig's imageSize as sent (either spelling), or undefined. */
export function imageSizeIn(imageConfig: unknown): unknown {
  return isObject(imageConfig) ? (imageConfig.imageSize ?? imageConfig.image_size) : undefined;
}

export function imageOutputOf(
  body: unknown,
): { size: OutputSize | undefined; feature: ReturnType<typeof sizeFeature> } | null {
  const imageConfig = imageConfigIn(body);
  if (imageConfig === undefined) return { size: undefined, feature: undefined };
  if (!isObject(imageConfig)) return null;
  const ratio = imageConfig.aspectRatio ?? imageConfig.aspect_ratio;
  const size = imageSizeIn(imageConfig);
  if (ratio !== undefined && !(GEMINI_ASPECT_RATIOS as readonly unknown[]).includes(ratio)) return null;
  if (size === undefined) return { size: undefined, feature: undefined };
  if (!isOutputSize(size)) return null;
  return { size, feature: sizeFeature(size) };
}

/** Where the call goes: the configured upstream (Gemini, or the local preview engine). */
export function upstreamUrl(settings: AiSettings, call: Call, search: URLSearchParams): string {
  const base = `${settings.upstream.baseUrl.replace(/\/+$/, "")}/v1beta/models/${encodeURIComponent(call.model)}:${call.method}`;
  if (call.method !== "streamGenerateContent") return base;
  const alt = search.get("alt");
  return `${base}?alt=${encodeURIComponent(alt ?? "sse")}`;
}

/**
 * The page's tool headers (x-cucumber-tool and x-cucumber-tool-input, src/config/tool-input.ts) for the
 * upstream: passed on as sent when it is the local preview engine (npm run dev and npm start without
 * GEMINI_API_KEY), which answers each tool by them and checks them itself; none for Google, which has
 * no use for them and is never told which tool of the app is calling.
 */
export function forwardedToolHeaders(request: Request, settings: AiSettings): Record<string, string> {
  if (!settings.upstream.local) return {};
  const headers: Record<string, string> = {};
  for (const name of [TOOL_HEADER, TOOL_INPUT_HEADER]) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return headers;
}
