/**
 * Helpers for the local preview engine tests (server/local-ai): fixture photos, generateContent
 * requests as the app's Gemini client sends them (with a tool's two headers, x-cucumber-tool and
 * x-cucumber-tool-input, where the app sends them), and decoding of the PNGs that come back.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import { handleGenerateContent } from "../../server/local-ai/engine.ts";
import {
  encodeToolInput,
  TOOL_HEADER,
  TOOL_INPUT_HEADER,
  type ToolInput,
} from "../../src/config/tool-input.ts";

export const ENDPOINT =
  "http://localhost:5173/__local-ai/v1beta/models/gemini-nano-banana-2.1:generateContent";
export const TEXT_ENDPOINT =
  "http://localhost:5173/__local-ai/v1beta/models/gemini-3.8-flash:generateContent";

export function fixture(name: string): Buffer {
  // Relative to the project root (vitest's cwd): import.meta.url is not a file URL under jsdom.
  return readFileSync(path.resolve("tests/fixtures/images", name));
}

export const base64Of = (name: string) => fixture(name).toString("base64");

export function imageBody(prompt: string, image?: string, mimeType = "image/jpeg"): unknown {
  const parts: unknown[] = [{ text: prompt }];
  if (image) parts.push({ inlineData: { mimeType, data: base64Of(image) } });
  return { contents: [{ role: "user", parts }], generationConfig: { responseModalities: ["TEXT", "IMAGE"] } };
}

export function textBody(prompt: string, image?: string): unknown {
  const parts: unknown[] = [{ text: prompt }];
  if (image) parts.push({ inlineData: { mimeType: "image/png", data: base64Of(image) } });
  return { contents: [{ role: "user", parts }] };
}

export function post(body: unknown, url = ENDPOINT, init: RequestInit = {}): Promise<Response> {
  return handleGenerateContent(
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    }),
  );
}

/** The headers of a tool's call as the page sends them: its id and, when given, its input. */
export function toolHeaders(tool: string, input?: ToolInput): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", [TOOL_HEADER]: tool };
  if (input) headers[TOOL_INPUT_HEADER] = encodeToolInput(input);
  return headers;
}

/** `body` posted as the tool `tool` would send it, with `input` in x-cucumber-tool-input. */
export function postTool(tool: string, input: ToolInput | undefined, body: unknown, url = ENDPOINT) {
  return post(body, url, { headers: toolHeaders(tool, input) });
}

export interface GeminiPart {
  text?: string;
  inlineData?: { mimeType: string; data: string };
}

export interface GeminiSuccess {
  candidates: Array<{
    content: { role: string; parts: GeminiPart[] };
    finishReason: string;
    index: number;
  }>;
  usageMetadata: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };
  modelVersion: string;
  responseId: string;
}

export interface GeminiError {
  error: { code: number; message: string; status: string };
}

/** The parts of a 200 answer (fails the test otherwise). */
export async function partsOf(response: Response): Promise<GeminiPart[]> {
  const body = (await response.json()) as GeminiSuccess;
  if (response.status !== 200)
    throw new Error(`expected 200, got ${response.status}: ${JSON.stringify(body)}`);
  return body.candidates[0].content.parts;
}

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  format: string;
}

/** The image of a 200 answer, decoded to raw RGB. */
export async function imageOf(response: Response): Promise<Pixels> {
  const parts = await partsOf(response);
  const image = parts.find((part) => part.inlineData)?.inlineData;
  if (!image) throw new Error("no image part");
  expect(image.mimeType).toBe("image/png");
  return decode(Buffer.from(image.data, "base64"));
}

export async function decode(bytes: Buffer, width?: number, height?: number): Promise<Pixels> {
  const meta = await sharp(bytes).metadata();
  const { data, info } = await sharp(bytes)
    .autoOrient()
    .resize(width && height ? { width, height, fit: "fill" } : undefined)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: meta.format };
}

/** Mean R, G, B of an image (or of a rectangle of it). */
export function meanColour(
  image: Pixels,
  region = { left: 0, top: 0, width: image.width, height: image.height },
): [number, number, number] {
  const sum = [0, 0, 0];
  for (let y = region.top; y < region.top + region.height; y++) {
    for (let x = region.left; x < region.left + region.width; x++) {
      const i = (y * image.width + x) * 3;
      sum[0] += image.data[i];
      sum[1] += image.data[i + 1];
      sum[2] += image.data[i + 2];
    }
  }
  const n = region.width * region.height;
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** Mean absolute difference per channel (0..255) between two images of the same size. */
export function meanAbsDiff(a: Pixels, b: Pixels): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let total = 0;
  for (let i = 0; i < a.data.length; i++) total += Math.abs(a.data[i] - b.data[i]);
  return total / a.data.length;
}
