/**
 * The local preview engine's answers in Gemini's shapes: a generateContent success (candidates, usage,
 * model version, response id), Gemini's error body, and the same success streamed as server-sent
 * events a little apart, as streamGenerateContent?alt=sse sends them.
 */
import { randomUUID } from "node:crypto";
import type { Json } from "./request.ts";

export const MODEL_VERSION = "local-preview-engine";
/** Pause between the events of a streamed answer, so it arrives in pieces as Gemini's does. */
export const STREAM_GAP_MS = 60;
export const TROUBLESHOOTING =
  "Please retry or report in https://developers.generativeai.google/guide/troubleshooting";

const HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "x-local-preview-engine": "1",
};

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=UTF-8", ...HEADERS, ...headers },
  });
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

export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** A generateContent answer with these parts and token counts. */
export function success(parts: Json[], promptTokens: number, outputTokens: number): Response {
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

type GeminiAnswer = {
  candidates?: { content?: { parts?: Json[] }; finishReason?: string }[];
  usageMetadata?: unknown;
  modelVersion?: string;
  responseId?: string;
};

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

/** A successful generateContent answer sent again as `text/event-stream` events STREAM_GAP_MS apart. */
export async function streamed(whole: Response): Promise<Response> {
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
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream", ...HEADERS } });
}
