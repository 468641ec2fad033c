/**
 * What the local preview engine answers for a request it has read: the tool whose prompt it is (a scene
 * addition, an animation sheet, a celebration card, an enhanced drawing), else a restyled photo or a
 * picture drawn from the words alone, else words about the image (a description or a poem).
 */
import { detectStyle, type Style } from "./detect-style.ts";
import { decodeImage, MAX_SIDE, type DecodedImage } from "./image.ts";
import type { InlineImage, Json, ParsedRequest } from "./request.ts";
import { estimateTokens, success } from "./response.ts";
import { renderGeneratedImage, renderStyledImage } from "./styles.ts";
import { describeImage, describePixels, imagePoem, textWithoutImage, wantsPoem } from "./text.ts";
import { TOOL_HANDLERS, type ToolRequest } from "./tools/index.ts";

/** Tokens Gemini counts for one image in a prompt, and for one image it answers with. */
const IMAGE_IN_TOKENS = 258;
const IMAGE_OUT_TOKENS = 1290;

async function decodeAll(images: InlineImage[], maxSide: number): Promise<DecodedImage[]> {
  const decoded: DecodedImage[] = [];
  for (const image of images) decoded.push(await decodeImage(image.bytes, maxSide));
  return decoded;
}

/** The answer's text, and its PNG when it has one. */
async function render(parsed: ParsedRequest): Promise<{ text: string; png?: Buffer }> {
  let decoded: Promise<DecodedImage[]> | undefined;
  const toolRequest: ToolRequest = {
    prompt: parsed.prompt,
    imageCount: parsed.images.length,
    decoded: () => (decoded ??= decodeAll(parsed.images, MAX_SIDE)),
    wantsImage: parsed.wantsImage,
    aspectRatio: parsed.aspectRatio,
  };
  const handler = TOOL_HANDLERS.find((h) => h.matches(toolRequest));
  if (handler) return handler.render(toolRequest);
  if (parsed.wantsImage) {
    let png: Buffer;
    let style: Style;
    if (parsed.images.length > 0) {
      const [base, ...extras] = await toolRequest.decoded();
      style = detectStyle(parsed.prompt);
      png = await renderStyledImage(base, style, parsed.prompt, extras, parsed.aspectRatio);
    } else {
      ({ png, style } = await renderGeneratedImage(parsed.prompt, parsed.aspectRatio));
    }
    return { text: `Local preview: ${style.label} applied.`, png };
  }
  if (parsed.images.length > 0) {
    const [image] = await decodeAll(parsed.images.slice(0, 1), 96);
    const facts = describePixels(image);
    return { text: wantsPoem(parsed.prompt) ? imagePoem(facts) : describeImage(facts) };
  }
  return { text: textWithoutImage(parsed.prompt) };
}

/** The generateContent answer for a request already read and checked. */
export async function answer(parsed: ParsedRequest): Promise<Response> {
  const promptTokens = estimateTokens(parsed.prompt) + IMAGE_IN_TOKENS * parsed.images.length;
  const { text, png } = await render(parsed);
  const parts: Json[] = [{ text }];
  if (png) parts.push({ inlineData: { mimeType: "image/png", data: png.toString("base64") } });
  return success(parts, promptTokens, estimateTokens(text) + (png ? IMAGE_OUT_TOKENS : 0));
}
