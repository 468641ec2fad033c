/**
 * Reading what Gemini sends back (docs/gemini.md "Response" and "How failure looks"). Nothing here trusts the
 * body: a proxy may answer HTML or nothing, so every field is checked before use.
 */
import { base64ToBlob } from "@/lib/image/download";
import type { AnsweredImage } from "./answer-body";
import { ADVICE, textInsteadOfImageAdvice } from "./advice";
import { GeminiError, MESSAGES } from "./errors";

/** An image a request sends: its base64 (no data: prefix). */
export type InlineImage = { mimeType: string; data: string };

/**
 * The picture of an image call: its bytes once, as a Blob of the type the model answered (no base64 or
 * data: URL beside it; the page shows it through an object URL, lib/image/picture-urls.ts).
 */
export type ImageResult = { blob: Blob; mimeType: string; text?: string };

/** What the classifiers need to know about the call, to give precise advice and keep the key out of it. */
export type CallContext = {
  call: "image" | "text";
  model: string;
  keySource: "user-key" | "default-key" | "local-engine" | "hosted";
  apiKey?: string;
};

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function asString(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/** The body as JSON, or undefined when it is empty or not JSON (an HTML page from a proxy, say). */
export function parseJson(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Never let the key reach a message: Google does not echo it, but a proxy might. */
export function redact(text: string, ctx: CallContext): string {
  return ctx.apiKey ? text.split(ctx.apiKey).join("[redacted]") : text;
}

/** "7s", "1.5s", "0.250s" (protobuf Duration in JSON) to milliseconds. */
export function parseDuration(value: unknown): number | undefined {
  const match = typeof value === "string" ? /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(value) : null;
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** A Retry-After header (seconds or an HTTP date), as a proxy or gateway may send it. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(header)) return Math.round(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const BLOCKED_FINISH = new Set([
  "SAFETY",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
]);
const RECITATION_FINISH = new Set(["RECITATION", "IMAGE_RECITATION"]);

export type Reply = {
  blockReason?: string;
  hasCandidate: boolean;
  finishReason?: string;
  images: AnsweredImage[];
  texts: string[];
};

/** A part's inline image: decoded already (answer-body.ts), or base64 decoded here; undefined if neither. */
function answeredImage(inline: JsonObject): AnsweredImage | undefined {
  const mimeType = asString(inline.mimeType) || "image/png";
  if (inline.blob instanceof Blob) return { mimeType, blob: inline.blob };
  const data = asString(inline.data);
  if (!data) return undefined;
  try {
    return { mimeType, blob: base64ToBlob(data, mimeType) };
  } catch {
    return undefined;
  }
}

/** The parts of candidates[0] that are not thoughts (drafts), split into images and texts. */
export function readReply(body: JsonObject): Reply {
  const feedback = isObject(body.promptFeedback) ? body.promptFeedback : {};
  const candidate = asArray(body.candidates)[0];
  const reply: Reply = {
    blockReason: asString(feedback.blockReason),
    hasCandidate: isObject(candidate),
    images: [],
    texts: [],
  };
  if (!isObject(candidate)) return reply;
  reply.finishReason = asString(candidate.finishReason);
  const content = isObject(candidate.content) ? candidate.content : {};
  for (const part of asArray(content.parts)) {
    if (!isObject(part) || part.thought === true) continue;
    const text = asString(part.text);
    if (text !== undefined) reply.texts.push(text);
    const image = isObject(part.inlineData) ? answeredImage(part.inlineData) : undefined;
    if (image) reply.images.push(image);
  }
  return reply;
}

export function noResult(reply: Reply, ctx: CallContext): GeminiError {
  const message = ctx.call === "image" ? MESSAGES.noImage : MESSAGES.noText;
  if (reply.blockReason) {
    return new GeminiError({ kind: "prompt-blocked", message, advice: ADVICE.promptBlocked });
  }
  const finish = reply.finishReason ?? "";
  if (BLOCKED_FINISH.has(finish)) {
    return new GeminiError({ kind: "output-blocked", message, advice: ADVICE.outputBlocked });
  }
  if (RECITATION_FINISH.has(finish)) {
    return new GeminiError({ kind: "output-blocked", message, advice: ADVICE.recitation });
  }
  const said = reply.texts.join("\n").trim();
  if (ctx.call === "image" && said !== "") {
    return new GeminiError({
      kind: "text-instead-of-image",
      message,
      advice: redact(textInsteadOfImageAdvice(said), ctx),
    });
  }
  return ctx.call === "image"
    ? new GeminiError({ kind: "no-image", message, advice: ADVICE.noImage })
    : new GeminiError({ kind: "bad-response", message, advice: ADVICE.noText });
}

function readBody(body: unknown): JsonObject {
  if (!isObject(body)) {
    throw new GeminiError({
      kind: "bad-response",
      message: MESSAGES.badResponse,
      advice: ADVICE.badResponse,
    });
  }
  return body;
}

/**
 * The result image of a 200 answer: the LAST image part that is not a thought (docs/gemini.md "Response").
 */
export function imageFromResponse(body: unknown, ctx: CallContext): ImageResult {
  const reply = readReply(readBody(body));
  const image = reply.images.at(-1);
  if (!image) throw noResult(reply, ctx);
  const text = reply.texts.join("\n").trim();
  return { blob: image.blob, mimeType: image.mimeType, ...(text !== "" ? { text } : {}) };
}

/** The answer of a text call: its non-thought text parts, joined. */
export function textFromResponse(body: unknown, ctx: CallContext): string {
  const reply = readReply(readBody(body));
  const text = reply.texts.join("").trim();
  if (text === "") throw noResult(reply, ctx);
  return text;
}
