/**
 * What the local preview engine answers for a request it has read, decided by the tool the request
 * names (x-cucumber-tool) and what that tool sent (x-cucumber-tool-input), never by the wording of the
 * app's prompts. A tool with a handler of its own (tools/: scene, animator, celebrations, art, or one
 * registered) draws its answer. Any other request that wants an image gets its photo restyled (a style
 * tool's own look, by its id; the look a person's own words name for a custom edit, a batch
 * instruction or a request of no tool) or, without a photo, a picture drawn from the words alone. A
 * request for words gets a description of the image, or a poem from the poetry tool (the prompt's
 * wording decides that only for a request without a tool header).
 *
 * In two steps: prepareAnswer reads the tool's input at once (a bad one is a 400 before the request
 * waits its turn), and what it returns renders when the turn comes.
 */
import { detectStyle, extractUserInstruction, styleOfTool, type Style } from "./detect-style.ts";
import { decodeImage, fitOutput, MAX_SIDE, onlyInArea, type DecodedImage } from "./image.ts";
import type { InlineImage, Json, ParsedRequest } from "./request.ts";
import { estimateTokens, success } from "./response.ts";
import { renderGeneratedImage, renderStyledImage, type Wording } from "./styles.ts";
import { describeImage, describePixels, imagePoem, textWithoutImage, wantsPoem } from "./text.ts";
import { engineTool, type ToolAnswer } from "./tools/index.ts";
import { oneOfField, textField } from "./tools/input.ts";

/** Tokens Gemini counts for one image in a prompt. */
const IMAGE_IN_TOKENS = 258;
/**
 * Tokens of one image it answers with, by imageSize: at 2K and 4K those of the per-image prices of
 * src/config/ai-prices.ts at $30 per million image-output tokens ($0.0504, $0.1134), so a larger answer
 * is recorded and priced as one (api/_lib/ai-cost.ts); 1290 at 1K, as before.
 */
const IMAGE_OUT_TOKENS = { "1K": 1290, "2K": 1680, "4K": 3780 } as const;

/** The poem tool's id (src/tools/registry.ts): its requests for words are answered with a poem. */
const POETRY_TOOL = "poetry";

/** A style tool's operations (run-conversion.ts); a batch instruction is a custom one too. */
const OPERATIONS = ["first", "recreate", "custom"] as const;

async function decodeAll(images: InlineImage[], maxSide: number): Promise<DecodedImage[]> {
  const decoded: DecodedImage[] = [];
  for (const image of images) decoded.push(await decodeImage(image.bytes, maxSide));
  return decoded;
}

/**
 * The words a generic answer is drawn from: the person's own words where the tool sent them (`words`:
 * a custom edit, a batch instruction), else the prompt of a request of no tool and the words found in it.
 */
function wordingOf(parsed: ParsedRequest): Wording {
  if (parsed.input.words !== undefined) {
    const words = textField(parsed.input, "words");
    return { text: words, words };
  }
  return { text: parsed.prompt, words: extractUserInstruction(parsed.prompt) };
}

/**
 * The look of a photo: a style tool's own (by its id, for the photo's size) unless it is a custom
 * edit; else the one the words name.
 */
function styleOf(parsed: ParsedRequest, wording: Wording): Style {
  const custom = parsed.input.words !== undefined ? "custom" : "first";
  const operation = oneOfField(parsed.input, "operation", OPERATIONS, custom);
  const own =
    operation === "custom" ? undefined : styleOfTool(parsed.tool, parsed.images[0]?.bytes.length ?? 0);
  return own ?? detectStyle(wording.text, wording.words);
}

/** An image answer of no tool handler: the photo restyled, or a picture drawn from the words. */
function imageRenderer(
  parsed: ParsedRequest,
  decoded: () => Promise<DecodedImage[]>,
): () => Promise<ToolAnswer> {
  const wording = wordingOf(parsed);
  if (parsed.images.length === 0) {
    return async () => {
      const { png, style } = await renderGeneratedImage(wording, parsed.aspectRatio);
      return { text: `Local preview: ${style.label} applied.`, png };
    };
  }
  const style = styleOf(parsed, wording);
  // A region edit (issue 29): the last image is the area, white on black; only it changes.
  const area = parsed.input.area === true && parsed.images.length >= 2;
  return async () => {
    const [base, ...rest] = await decoded();
    const mask = area ? rest.pop() : undefined;
    const png = await renderStyledImage(base!, style, wording, rest, mask ? undefined : parsed.aspectRatio);
    return {
      text: `Local preview: ${style.label} applied${mask ? " inside the area" : ""}.`,
      png: mask ? await onlyInArea(base!, png, mask) : png,
    };
  };
}

/** A poem is the poetry tool's; only a request that names no tool is read for the wish. */
const asksForPoem = (parsed: ParsedRequest) =>
  parsed.tool === undefined ? wantsPoem(parsed.prompt) : parsed.tool === POETRY_TOOL;

/** Words about the image (a description, or a poem), or a short reply without one. */
async function renderText(parsed: ParsedRequest): Promise<ToolAnswer> {
  const poem = asksForPoem(parsed);
  if (parsed.images.length === 0) return { text: textWithoutImage(parsed.prompt, poem) };
  const [image] = await decodeAll(parsed.images.slice(0, 1), 96);
  const facts = describePixels(image!);
  return { text: poem ? imagePoem(facts) : describeImage(facts) };
}

/** The answer's text and PNG, read from the request now, rendered when called. */
function renderer(parsed: ParsedRequest): () => Promise<ToolAnswer> {
  let decoded: Promise<DecodedImage[]> | undefined;
  const decodeOnce = () => (decoded ??= decodeAll(parsed.images, MAX_SIDE));
  // Every handler draws: a request of its tool for words alone takes the generic text answer.
  const { tool } = parsed;
  const handler = parsed.wantsImage && tool !== undefined ? engineTool(tool) : undefined;
  if (handler && tool !== undefined) {
    return handler({
      tool,
      input: parsed.input,
      prompt: parsed.prompt,
      imageCount: parsed.images.length,
      decoded: decodeOnce,
      aspectRatio: parsed.aspectRatio,
    });
  }
  if (parsed.wantsImage) return imageRenderer(parsed, decodeOnce);
  return () => renderText(parsed);
}

/**
 * Whether the request asked for a shape or a size (imageConfig): then the answer has Gemini's size for
 * it, the longest side 1024, 2048 or 4096 px (image.ts fitOutput). Without either, the preview keeps
 * the size it was drawn at (a photo's own, at most MAX_SIDE).
 */
const shaped = (parsed: ParsedRequest) => parsed.aspectRatio !== undefined || parsed.imageSize !== undefined;

/**
 * The generateContent answer for a request already read and checked: its tool input is read now
 * (BadRequest when it cannot be answered), the answer rendered when the returned function is called.
 */
export function prepareAnswer(parsed: ParsedRequest): () => Promise<Response> {
  const render = renderer(parsed);
  return async () => {
    const promptTokens = estimateTokens(parsed.prompt) + IMAGE_IN_TOKENS * parsed.images.length;
    const { text, png: drawn } = await render();
    const png =
      drawn && shaped(parsed) ? await fitOutput(drawn, parsed.aspectRatio, parsed.imageSize ?? "1K") : drawn;
    const parts: Json[] = [{ text }];
    if (png) parts.push({ inlineData: { mimeType: "image/png", data: png.toString("base64") } });
    return success(
      parts,
      promptTokens,
      estimateTokens(text) + (png ? IMAGE_OUT_TOKENS[parsed.imageSize ?? "1K"] : 0),
    );
  };
}
