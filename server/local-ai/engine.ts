/**
 * The local preview engine: answers Gemini's `generateContent` REST call (same request and response
 * shapes, same error body) so the app's real Gemini client works against it unchanged, offline and
 * without a key. Web-standard: `(request: Request) => Promise<Response>`; server/local-ai/plugin.ts
 * mounts it in `vite` and `vite preview`. Never part of the browser bundle.
 */
import { randomUUID } from "node:crypto";
import {
  decodeImage,
  imageSize,
  InputImageError,
  MAX_INPUT_PIXELS,
  MAX_SIDE,
  parseAspectRatio,
  type DecodedImage,
} from "./image.ts";
import { CallerGoneError, SerialQueue } from "./queue.ts";
import { detectStyle, renderGeneratedImage, renderStyledImage, type Style } from "./styles.ts";
import { describeImage, describePixels, imagePoem, textWithoutImage, wantsPoem } from "./text.ts";
import { TOOL_HANDLERS, type ToolRequest } from "./tools/index.ts";

/** Where the plugin mounts the engine; the app's Gemini base URL in dev/start is `<origin>/__local-ai`. */
export const LOCAL_AI_PREFIX = "/__local-ai";
/** Requests with a larger body are refused with 413. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;
export const MODEL_VERSION = "local-preview-engine";
/** Images per request (the app sends at most two: a photo and an added picture or inspiration). */
export const MAX_IMAGES = 4;
/** Pixels per image (width x height as stored), checked from the header before anything is decoded. */
export const MAX_IMAGE_PIXELS = MAX_INPUT_PIXELS;

/**
 * The engine renders one request at a time, in arrival order: the rest wait their turn (their body
 * already read and checked, so a bad request is answered at once, not after the queue). One whose caller
 * goes away while waiting is never processed. Exported so tests can see who is waiting.
 */
export const processingQueue = new SerialQueue();

const TROUBLESHOOTING =
  "Please retry or report in https://developers.generativeai.google/guide/troubleshooting";
const GENERATE_PATH = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):generateContent$/;
const STREAM_PATH = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):streamGenerateContent$/;
/** Pause between the events of a streamed answer, so it arrives in pieces as Gemini's does. */
export const STREAM_GAP_MS = 60;

// ---------------------------------------------------------------------------------------------------
// Responses

const JSON_HEADERS = {
  "content-type": "application/json; charset=UTF-8",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-local-preview-engine": "1",
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** Gemini's error body: `{"error":{"code","message","status"}}`. */
export function errorResponse(
  code: number,
  status: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json({ error: { code, message, status } }, code, headers);
}

const invalid = (message: string) => errorResponse(400, "INVALID_ARGUMENT", message);

/** A request problem that maps to a 400 INVALID_ARGUMENT answer. */
class BadRequest extends Error {}

// ---------------------------------------------------------------------------------------------------
// Request parsing (camelCase and snake_case, like Gemini)

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** A field by its camelCase or snake_case name. */
function field(object: Json, camel: string): unknown {
  if (camel in object) return object[camel];
  return object[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
}

interface InlineImage {
  mimeType: string;
  bytes: Buffer;
}

interface ParsedRequest {
  prompt: string;
  images: InlineImage[];
  wantsImage: boolean;
  aspectRatio?: number;
}

const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;
const MODALITIES = new Set(["TEXT", "IMAGE", "AUDIO"]);

function parseRequest(body: unknown, model: string): ParsedRequest {
  if (!isObject(body)) {
    throw new BadRequest(
      "Invalid JSON payload received. Expected an object at the top level (a GenerateContentRequest).",
    );
  }
  const contents = body.contents;
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0)) {
    throw new BadRequest("* GenerateContentRequest.contents: contents is not specified\n");
  }
  if (!Array.isArray(contents)) {
    throw new BadRequest(
      `Invalid JSON payload received. Unknown name "contents": Proto field is not repeating.`,
    );
  }
  const first: unknown = contents[0];
  const parts = isObject(first) ? first.parts : undefined;
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new BadRequest("* GenerateContentRequest.contents[0].parts: contents.parts must not be empty.\n");
  }

  // Counted before any image is decoded from base64.
  const imageCount = parts.filter(
    (part: unknown) => isObject(part) && part.text === undefined && field(part, "inlineData") !== undefined,
  ).length;
  if (imageCount > MAX_IMAGES) {
    throw new BadRequest(
      `Too many images: the local preview engine takes at most ${MAX_IMAGES} images per request (got ${imageCount}).`,
    );
  }

  const texts: string[] = [];
  const images: InlineImage[] = [];
  parts.forEach((part: unknown, index) => {
    const where = `contents[0].parts[${index}]`;
    if (!isObject(part)) throw new BadRequest(`Invalid value at '${where}': expected an object.`);
    const text = part.text;
    const inline = field(part, "inlineData");
    if (text !== undefined) {
      if (typeof text !== "string") {
        throw new BadRequest(`Invalid value at '${where}.text' (TYPE_STRING), ${JSON.stringify(text)}`);
      }
      texts.push(text);
    } else if (inline !== undefined) {
      if (!isObject(inline))
        throw new BadRequest(`Invalid value at '${where}.inline_data': expected an object.`);
      const mimeType = field(inline, "mimeType");
      const data = inline.data;
      if (typeof data !== "string") {
        throw new BadRequest(
          `* GenerateContentRequest.${where}.inline_data.data: inline_data.data is required\n`,
        );
      }
      const compact = data.replace(/\s+/g, "");
      if (!BASE64.test(compact)) {
        throw new BadRequest(
          `Invalid value at '${where}.inline_data.data' (TYPE_BYTES), Base64 decoding failed for "${compact.slice(0, 40)}${compact.length > 40 ? "..." : ""}"`,
        );
      }
      if (typeof mimeType === "string" && mimeType !== "" && !/^image\//i.test(mimeType)) {
        throw new BadRequest(
          `Unsupported MIME type: ${mimeType}. The local preview engine reads images only (image/jpeg, image/png, image/webp, ...).`,
        );
      }
      images.push({
        mimeType: typeof mimeType === "string" ? mimeType : "",
        bytes: Buffer.from(compact, "base64"),
      });
    } else if (field(part, "fileData") !== undefined) {
      throw new BadRequest(
        `* GenerateContentRequest.${where}.file_data: the local preview engine does not fetch files.\n`,
      );
    } else if (part.thought !== true && field(part, "thoughtSignature") === undefined) {
      throw new BadRequest(
        `* GenerateContentRequest.${where}.data: required oneof field 'data' must have one initialized field\n`,
      );
    }
  });

  const config = field(body, "generationConfig");
  let modalities: string[] | undefined;
  let aspectRatio: number | undefined;
  if (config !== undefined) {
    if (!isObject(config)) throw new BadRequest(`Invalid value at 'generation_config': expected an object.`);
    const raw = field(config, "responseModalities");
    if (raw !== undefined) {
      if (!Array.isArray(raw)) {
        throw new BadRequest(`Invalid value at 'generation_config.response_modalities': expected a list.`);
      }
      modalities = raw.map((value: unknown, i) => {
        const name = typeof value === "string" ? value.toUpperCase() : "";
        if (!MODALITIES.has(name)) {
          throw new BadRequest(
            `Invalid value at 'generation_config.response_modalities[${i}]' ` +
              `(type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig.Modality), ${JSON.stringify(value)}`,
          );
        }
        return name;
      });
    }
    const imageConfig = field(config, "imageConfig");
    if (isObject(imageConfig)) aspectRatio = parseAspectRatio(field(imageConfig, "aspectRatio"));
  }

  return {
    prompt: texts.join("\n").trim(),
    images,
    // Without responseModalities, do what the model would: image models answer with an image.
    wantsImage: modalities ? modalities.includes("IMAGE") : /image|banana/i.test(model),
    aspectRatio,
  };
}

/** Refuses an image over MAX_IMAGE_PIXELS from its header alone (no pixel is decoded). */
async function checkImageSizes(images: InlineImage[]): Promise<void> {
  for (const [index, image] of images.entries()) {
    const { width, height } = await imageSize(image.bytes);
    if (width * height > MAX_IMAGE_PIXELS) {
      // Rounded up, so an image just over the limit never reads as exactly 40 MP.
      const megapixels = Math.ceil((width * height) / 10_000) / 100;
      throw new BadRequest(
        `Image ${index + 1} is too large: ${width}x${height} pixels is ${megapixels} MP; the local preview engine takes images of at most ${MAX_IMAGE_PIXELS / 1_000_000} MP.`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Body reading with a size limit

const TOO_LARGE = Symbol("too large");

async function readBody(request: Request): Promise<Uint8Array | typeof TOO_LARGE> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return TOO_LARGE;
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      // Stop reading but do not cancel: the HTTP server drains the rest and the 413 still arrives.
      reader.releaseLock();
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------------
// Answers

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function success(parts: Json[], promptTokens: number, outputTokens: number): Response {
  return json({
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: promptTokens,
      candidatesTokenCount: outputTokens,
      totalTokenCount: promptTokens + outputTokens,
    },
    modelVersion: MODEL_VERSION,
    responseId: `local-${randomUUID().replace(/-/g, "").slice(0, 22)}`,
  });
}

async function decodeAll(images: InlineImage[], maxSide: number): Promise<DecodedImage[]> {
  const decoded: DecodedImage[] = [];
  for (const image of images) decoded.push(await decodeImage(image.bytes, maxSide));
  return decoded;
}

async function answer(parsed: ParsedRequest): Promise<Response> {
  const promptTokens = estimateTokens(parsed.prompt) + 258 * parsed.images.length;
  let decoded: Promise<DecodedImage[]> | undefined;
  const toolRequest: ToolRequest = {
    prompt: parsed.prompt,
    imageCount: parsed.images.length,
    decoded: () => (decoded ??= decodeAll(parsed.images, MAX_SIDE)),
    wantsImage: parsed.wantsImage,
    aspectRatio: parsed.aspectRatio,
  };
  const handler = TOOL_HANDLERS.find((h) => h.matches(toolRequest));
  if (handler) {
    const out = await handler.render(toolRequest);
    const parts: Json[] = [{ text: out.text }];
    if (out.png) parts.push({ inlineData: { mimeType: "image/png", data: out.png.toString("base64") } });
    return success(parts, promptTokens, estimateTokens(out.text) + (out.png ? 1290 : 0));
  }
  if (parsed.wantsImage) {
    let png: Buffer;
    let style: Style;
    if (parsed.images.length > 0) {
      const [base, ...extras] = await decodeAll(parsed.images, MAX_SIDE);
      style = detectStyle(parsed.prompt);
      png = await renderStyledImage(base, style, parsed.prompt, extras, parsed.aspectRatio);
    } else {
      ({ png, style } = await renderGeneratedImage(parsed.prompt, parsed.aspectRatio));
    }
    const text = `Local preview: ${style.label} applied.`;
    return success(
      [{ text }, { inlineData: { mimeType: "image/png", data: png.toString("base64") } }],
      promptTokens,
      estimateTokens(text) + 1290,
    );
  }
  let text: string;
  if (parsed.images.length > 0) {
    const [image] = await decodeAll(parsed.images.slice(0, 1), 96);
    const facts = describePixels(image);
    text = wantsPoem(parsed.prompt) ? imagePoem(facts) : describeImage(facts);
  } else {
    text = textWithoutImage(parsed.prompt);
  }
  return success([{ text }], promptTokens, estimateTokens(text));
}

// ---------------------------------------------------------------------------------------------------
// Entry points

function modelFromUrl(url: string, path = GENERATE_PATH): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  if (pathname.startsWith(LOCAL_AI_PREFIX)) pathname = pathname.slice(LOCAL_AI_PREFIX.length);
  return path.exec(pathname)?.[1];
}

/** The model of a `:streamGenerateContent?alt=sse` call (the only streaming form the engine answers). */
function streamModelFromUrl(url: string): string | undefined {
  try {
    if (new URL(url).searchParams.get("alt") !== "sse") return undefined;
  } catch {
    return undefined;
  }
  return modelFromUrl(url, STREAM_PATH);
}

/** The marker that makes the engine fail on purpose, when LOCAL_AI_FAULTS=1 (see injectedFault). */
export const FAULT_MARKER = "[local-ai:fail-500]";

/**
 * A failure on request, for end-to-end tests of what a failing AI costs the user: with
 * LOCAL_AI_FAULTS=1 in the server's environment (never set by `npm start` or `npm run dev` on their own),
 * a prompt containing FAULT_MARKER gets Gemini's 500 INTERNAL answer. Otherwise null.
 */
function injectedFault(prompt: string): Response | null {
  if (process.env.LOCAL_AI_FAULTS !== "1" || !prompt.includes(FAULT_MARKER)) return null;
  return errorResponse(500, "INTERNAL", `An internal error has occurred. ${TROUBLESHOOTING}`);
}

/**
 * `POST .../v1beta/models/{model}:generateContent`. Never throws: every failure becomes a Gemini error
 * body (400 for a bad request, an unreadable image, more than MAX_IMAGES images or one over
 * MAX_IMAGE_PIXELS; 405, 413, 499 when the caller went away while waiting its turn in processingQueue,
 * 500 for anything unexpected). Renders one request at a time (processingQueue).
 */
export async function handleGenerateContent(request: Request): Promise<Response> {
  try {
    if (request.method !== "POST") {
      return errorResponse(405, "METHOD_NOT_ALLOWED", `Method ${request.method} is not allowed. Use POST.`, {
        allow: "POST",
      });
    }
    // Same-origin only: the app calls from its own origin; a page elsewhere gets no way in (and no
    // CORS headers are ever sent, so a cross-origin script could not read an answer anyway).
    if (request.headers.get("sec-fetch-site") === "cross-site") {
      return errorResponse(403, "PERMISSION_DENIED", "The local preview engine only answers its own origin.");
    }
    const body = await readBody(request);
    if (body === TOO_LARGE) {
      return errorResponse(
        413,
        "INVALID_ARGUMENT",
        `Request payload size exceeds the limit: ${MAX_BODY_BYTES} bytes.`,
      );
    }
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder().decode(body));
    } catch (error) {
      const detail = error instanceof Error ? error.message : "Unexpected token.";
      return invalid(`Invalid JSON payload received. ${detail}`);
    }
    const parsed = parseRequest(payload, modelFromUrl(request.url) ?? streamModelFromUrl(request.url) ?? "");
    await checkImageSizes(parsed.images);
    const fault = injectedFault(parsed.prompt);
    if (fault) return fault;
    return await processingQueue.run(() => answer(parsed), request.signal);
  } catch (error) {
    if (error instanceof BadRequest) return invalid(error.message);
    // Nobody is listening any more; Google's status for a call its client cancelled.
    if (error instanceof CallerGoneError)
      return errorResponse(499, "CANCELLED", "The request was cancelled.");
    if (error instanceof InputImageError) return invalid(`Unable to process input image. ${TROUBLESHOOTING}`);
    console.error("[local-ai] generateContent failed:", error);
    return errorResponse(500, "INTERNAL", `An internal error has occurred. ${TROUBLESHOOTING}`);
  }
}

/** A whole answer's chunks as Gemini streams them: text a line or two at a time, images last. */
function streamChunks(whole: GeminiAnswer): Json[] {
  const candidate = whole.candidates?.[0];
  const parts = candidate?.content?.parts ?? [];
  const pieces: Json[][] = [];
  for (const part of parts) {
    if (typeof part.text !== "string") {
      pieces.push([part]);
      continue;
    }
    const lines = part.text.match(/[^\n]*(?:\n|$)/g)?.filter((l) => l !== "") ?? [];
    for (let i = 0; i < lines.length; i += 2) pieces.push([{ text: lines.slice(i, i + 2).join("") }]);
  }
  if (pieces.length === 0) pieces.push([{ text: "" }]);
  return pieces.map((chunkParts, i) => {
    const last = i === pieces.length - 1;
    return {
      candidates: [
        {
          content: { role: "model", parts: chunkParts },
          index: 0,
          ...(last ? { finishReason: candidate?.finishReason ?? "STOP" } : {}),
        },
      ],
      ...(last ? { usageMetadata: whole.usageMetadata } : {}),
      modelVersion: whole.modelVersion,
      responseId: whole.responseId,
    };
  });
}

type GeminiAnswer = {
  candidates?: { content?: { parts?: Json[] }; finishReason?: string }[];
  usageMetadata?: unknown;
  modelVersion?: string;
  responseId?: string;
};

/**
 * `POST .../models/{model}:streamGenerateContent?alt=sse`: the same answer as generateContent, sent as
 * `text/event-stream` events a little apart. Every error comes before the stream, as a plain Gemini
 * error body with its status (like Gemini's own errors before a stream starts).
 */
export async function handleStreamGenerateContent(request: Request): Promise<Response> {
  const whole = await handleGenerateContent(request);
  if (whole.status !== 200) return whole;
  const chunks = streamChunks((await whole.json()) as GeminiAnswer);
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) await new Promise<void>((resolve) => (timer = setTimeout(resolve, STREAM_GAP_MS)));
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\r\n\r\n`));
      }
      controller.close();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "x-local-preview-engine": "1",
    },
  });
}

/** Everything under /__local-ai: generateContent, streamGenerateContent?alt=sse, or Gemini's 404. */
export async function handleLocalAiRequest(request: Request): Promise<Response> {
  if (modelFromUrl(request.url) !== undefined) return handleGenerateContent(request);
  if (streamModelFromUrl(request.url) !== undefined) return handleStreamGenerateContent(request);
  const path = (() => {
    try {
      return new URL(request.url).pathname;
    } catch {
      return request.url;
    }
  })();
  return errorResponse(
    404,
    "NOT_FOUND",
    `The local preview engine answers POST ${LOCAL_AI_PREFIX}/v1beta/models/{model}:generateContent and :streamGenerateContent?alt=sse only (got ${path}).`,
  );
}
