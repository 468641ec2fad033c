/**
 * Reading a generateContent request for the local preview engine, as Gemini reads it (camelCase and
 * snake_case field names, Gemini's wording for every refusal): the prompt, the inline images, whether an
 * image is wanted and the aspect ratio and size asked for; the tool the page names (x-cucumber-tool) and what it
 * sends for the engine (x-cucumber-tool-input, src/config/tool-input.ts), which decide the answer
 * instead of the prompt's wording; and the per-image size check made from the header alone. A problem
 * throws BadRequest, which the engine answers with 400 INVALID_ARGUMENT.
 */
import {
  GEMINI_ASPECT_RATIOS,
  isOutputSize,
  OUTPUT_SIZES,
  type OutputSize,
} from "../../src/config/image-output.ts";
import { MAX_TOOL_INPUT_CHARS, TOOL_HEADER, TOOL_INPUT_HEADER } from "../../src/config/tool-input.ts";
import { imageSize, MAX_INPUT_PIXELS, parseAspectRatio } from "./image.ts";

/** Images per request (the app sends at most two: a photo and an added picture or inspiration). */
export const MAX_IMAGES = 4;
/** Pixels per image (width x height as stored), checked from the header before anything is decoded. */
export const MAX_IMAGE_PIXELS = MAX_INPUT_PIXELS;

/** A request problem that maps to a 400 INVALID_ARGUMENT answer. */
export class BadRequest extends Error {}

export type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** A field by its camelCase or snake_case name. */
function field(object: Json, camel: string): unknown {
  if (camel in object) return object[camel];
  return object[camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
}

export interface InlineImage {
  mimeType: string;
  bytes: Buffer;
}

export interface ParsedRequest {
  prompt: string;
  images: InlineImage[];
  wantsImage: boolean;
  /** imageConfig.aspectRatio as width / height, when asked for. */
  aspectRatio?: number;
  /** imageConfig.imageSize ("1K", "2K", "4K"), when asked for. */
  imageSize?: OutputSize;
  /** The tool the page names (x-cucumber-tool, lower case), if any. */
  tool?: string;
  /** What the tool sent for the engine (x-cucumber-tool-input); empty without the header. */
  input: Readonly<Json>;
}

const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;
const MODALITIES = new Set(["TEXT", "IMAGE", "AUDIO"]);

/** The parts of contents[0], refused when missing, empty or carrying more than MAX_IMAGES images. */
function contentParts(body: unknown): unknown[] {
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
  return parts;
}

/** One inline image part, its base64 checked (not yet decoded into pixels). */
function inlineImage(inline: unknown, where: string): InlineImage {
  if (!isObject(inline)) throw new BadRequest(`Invalid value at '${where}.inline_data': expected an object.`);
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
  return { mimeType: typeof mimeType === "string" ? mimeType : "", bytes: Buffer.from(compact, "base64") };
}

/**
 * imageConfig's aspect ratio and size, refused as Gemini refuses them: a ratio other than the ones it
 * takes (src/config/image-output.ts GEMINI_ASPECT_RATIOS), a size other than "1K", "2K" or "4K" (an
 * uppercase K: "4k" is refused too).
 */
function imageConfigOf(config: Json): Pick<ParsedRequest, "aspectRatio" | "imageSize"> {
  const imageConfig = field(config, "imageConfig");
  if (imageConfig === undefined) return {};
  if (!isObject(imageConfig)) {
    throw new BadRequest(`Invalid value at 'generation_config.image_config': expected an object.`);
  }
  const ratio = field(imageConfig, "aspectRatio");
  const size = field(imageConfig, "imageSize");
  if (ratio !== undefined && !(GEMINI_ASPECT_RATIOS as readonly unknown[]).includes(ratio)) {
    throw new BadRequest(
      `* GenerateContentRequest.generation_config.image_config.aspect_ratio: Unsupported aspect ratio ${JSON.stringify(ratio)}. Supported values are ${GEMINI_ASPECT_RATIOS.join(", ")}.\n`,
    );
  }
  if (size !== undefined && !isOutputSize(size)) {
    throw new BadRequest(
      `* GenerateContentRequest.generation_config.image_config.image_size: Unsupported image size ${JSON.stringify(size)}. Supported values are ${OUTPUT_SIZES.join(", ")}.\n`,
    );
  }
  return {
    ...(ratio !== undefined ? { aspectRatio: parseAspectRatio(ratio) } : {}),
    ...(size !== undefined ? { imageSize: size } : {}),
  };
}

/** generationConfig's response modalities (upper case), and the image's aspect ratio and size. */
function generationConfig(
  body: Json,
): { modalities?: string[] } & Pick<ParsedRequest, "aspectRatio" | "imageSize"> {
  const config = field(body, "generationConfig");
  if (config === undefined) return {};
  if (!isObject(config)) throw new BadRequest(`Invalid value at 'generation_config': expected an object.`);
  let modalities: string[] | undefined;
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
  return { modalities, ...imageConfigOf(config) };
}

/** x-cucumber-tool-input: percent-encoded JSON of one object, at most MAX_TOOL_INPUT_CHARS as sent. */
function toolInput(header: string | null): Readonly<Json> {
  if (header === null || header.trim() === "") return {};
  if (header.length > MAX_TOOL_INPUT_CHARS) {
    throw new BadRequest(
      `Invalid ${TOOL_INPUT_HEADER} header: ${header.length} characters; the local preview engine reads at most ${MAX_TOOL_INPUT_CHARS}.`,
    );
  }
  let input: unknown;
  try {
    input = JSON.parse(decodeURIComponent(header));
  } catch (error) {
    const detail = error instanceof Error ? error.message : "unreadable";
    throw new BadRequest(
      `Invalid ${TOOL_INPUT_HEADER} header: expected percent-encoded JSON (encodeURIComponent of JSON.stringify). ${detail}`,
    );
  }
  if (!isObject(input)) {
    throw new BadRequest(`Invalid ${TOOL_INPUT_HEADER} header: expected a JSON object.`);
  }
  return input;
}

/** The tool the request names and its input, from the two headers the page sends the app's servers. */
export function toolHeaders(headers: Headers): Pick<ParsedRequest, "tool" | "input"> {
  const tool = headers.get(TOOL_HEADER)?.trim().toLowerCase() || undefined;
  return { tool, input: toolInput(headers.get(TOOL_INPUT_HEADER)) };
}

export function parseRequest(body: unknown, model: string, headers: Headers = new Headers()): ParsedRequest {
  const texts: string[] = [];
  const images: InlineImage[] = [];
  contentParts(body).forEach((part: unknown, index) => {
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
      images.push(inlineImage(inline, where));
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
  const { modalities, aspectRatio, imageSize } = generationConfig(body as Json);
  return {
    prompt: texts.join("\n").trim(),
    images,
    // Without responseModalities, do what the model would: image models answer with an image.
    wantsImage: modalities ? modalities.includes("IMAGE") : /image|banana/i.test(model),
    aspectRatio,
    imageSize,
    ...toolHeaders(headers),
  };
}

/** Refuses an image over MAX_IMAGE_PIXELS from its header alone (no pixel is decoded). */
export async function checkImageSizes(images: InlineImage[]): Promise<void> {
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
