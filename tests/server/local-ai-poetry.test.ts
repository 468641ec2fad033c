/**
 * Visual Poetry on the local preview engine: the real POEM_PROMPT with a photo, named "poetry" in
 * x-cucumber-tool as run-poem.ts sends it, answered as `streamGenerateContent?alt=sse` events (and as a
 * whole answer), a poem built from the photo. The tool id says it is a poem; the prompt's words are
 * read for that only in a request that names no tool.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { POEM_PROMPT } from "../../src/tools/poetry/prompts.ts";
import { streamText } from "../../src/lib/gemini/stream.ts";
import { handleLocalAiRequest } from "../../server/local-ai/engine.ts";
import { localAiMiddleware } from "../../server/local-ai/plugin.ts";
import { base64Of, partsOf, post, postTool, TEXT_ENDPOINT, textBody, toolHeaders } from "./helpers.ts";

const STREAM_URL =
  "http://localhost:5173/__local-ai/v1beta/models/gemini-3.8-flash:streamGenerateContent?alt=sse";

/** The request the app sends: the poem instruction and the photo as inline JPEG (here PNG bytes). */
function poemBody(image?: string, mimeType = "image/png", prompt = POEM_PROMPT) {
  const parts: unknown[] = [{ text: prompt }];
  if (image) parts.push({ inlineData: { mimeType, data: base64Of(image) } });
  return { contents: [{ role: "user", parts }] };
}

function streamRequest(body: unknown, url = STREAM_URL) {
  return handleLocalAiRequest(
    new Request(url, {
      method: "POST",
      headers: toolHeaders("poetry"),
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

type Chunk = {
  candidates: { content: { parts: { text?: string }[] }; finishReason?: string }[];
  usageMetadata?: { totalTokenCount: number };
};

/** The events of an SSE answer, each parsed, with the time (ms from the first) each arrived. */
async function eventsOf(response: Response): Promise<{ chunks: Chunk[]; raw: string; times: number[] }> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let raw = "";
  const times: number[] = [];
  const start = Date.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    raw += value;
    times.push(Date.now() - start);
  }
  const chunks = raw
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== "")
    .map((block) => {
      expect(block.startsWith("data: ")).toBe(true);
      return JSON.parse(block.slice("data: ".length)) as Chunk;
    });
  return { chunks, raw, times };
}

const textOf = (chunks: Chunk[]) =>
  chunks.map((c) => c.candidates[0]!.content.parts.map((p) => p.text ?? "").join("")).join("");

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the poem, streamed as server-sent events", () => {
  test("several events a little apart, the last with STOP and usage; the poem names the photo's colours", async () => {
    const { chunks, raw, times } = await eventsOf(await streamRequest(poemBody("coffee.png")));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(raw).toContain("\r\n\r\n");
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(100);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.candidates[0]!.finishReason).toBeUndefined();
    expect(chunks.at(-1)!.candidates[0]!.finishReason).toBe("STOP");
    expect(chunks.at(-1)!.usageMetadata!.totalTokenCount).toBeGreaterThan(0);
    const poem = textOf(chunks);
    const lines = poem.trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(poem).toMatch(/orange/i);
    expect(poem).toContain("600 by 400");
  });

  test("the same as the whole answer, and a different photo gives a different poem", async () => {
    const cat = textOf((await eventsOf(await streamRequest(poemBody("cat-chelsea.png")))).chunks);
    const astronaut = textOf(
      (await eventsOf(await streamRequest(poemBody("portrait-astronaut.png")))).chunks,
    );
    expect(cat).toContain("451 by 300");
    expect(astronaut).toContain("512 by 512");
    expect(cat).not.toBe(astronaut);
    const whole = (
      await partsOf(await postTool("poetry", undefined, poemBody("cat-chelsea.png"), TEXT_ENDPOINT))
    )[0]!.text!;
    // The whole answer is built the same way (its one random word choice aside).
    expect(whole.split("\n").slice(1, 7)).toEqual(cat.trim().split("\n").slice(1, 7));
  });

  test("errors come before the stream, as ordinary Gemini error answers", async () => {
    for (const file of ["not-an-image.jpg", "empty.png"]) {
      const response = await streamRequest(poemBody(file));
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: { status: string; message: string } };
      expect(body.error.status).toBe("INVALID_ARGUMENT");
      expect(body.error.message).toMatch(/^Unable to process input image/);
    }
    const broken = await streamRequest("{not json");
    expect(broken.status).toBe(400);
    const method = await handleLocalAiRequest(new Request(STREAM_URL, { method: "GET" }));
    expect(method.status).toBe(405);
  });

  test("without alt=sse the stream path is not answered (404)", async () => {
    const response = await streamRequest(poemBody("coffee.png"), STREAM_URL.replace("?alt=sse", ""));
    expect(response.status).toBe(404);
  });

  test("the app's streamText names the tool and reads the engine's stream piece by piece", async () => {
    const sent: Request[] = [];
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(input, init));
      return handleLocalAiRequest(new Request(input, init));
    });
    const pieces: string[] = [];
    const poem = await streamText({
      target: { baseUrl: "http://localhost:5173/__local-ai", source: "local-engine" },
      model: "gemini-3.8-flash",
      parts: [{ text: POEM_PROMPT }, { inlineData: { mimeType: "image/png", data: base64Of("coffee.png") } }],
      tool: "poetry",
      onText: (_all, piece) => pieces.push(piece),
    });
    expect(sent[0]?.headers.get("x-cucumber-tool")).toBe("poetry");
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(poem).toBe(pieces.join("").trim());
    expect(poem).toMatch(/orange/i);
  });

  test("over HTTP the plugin sends the events as they are made, not all at once", async () => {
    const server: Server = createServer((req, res) =>
      localAiMiddleware(req, res, () => {
        res.statusCode = 404;
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://localhost:${port}${new URL(STREAM_URL).pathname}?alt=sse`, {
        method: "POST",
        headers: toolHeaders("poetry"),
        body: JSON.stringify(poemBody("coffee.png")),
      });
      const { chunks, times } = await eventsOf(response);
      expect(chunks.length).toBeGreaterThanOrEqual(3);
      // Several reads, spread over time: the answer streamed.
      expect(times.length).toBeGreaterThanOrEqual(3);
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(100);
      expect(textOf(chunks)).toMatch(/orange/i);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a poem or a description: the tool id decides", () => {
  const lines = (text: string | undefined) => (text ?? "").trim().split("\n").length;
  const answer = async (body: unknown, tool?: string) =>
    (
      await partsOf(await (tool ? postTool(tool, undefined, body, TEXT_ENDPOINT) : post(body, TEXT_ENDPOINT)))
    )[0]?.text;

  test("the poetry tool gets a poem whatever its prompt says", async () => {
    const poem = await answer(
      poemBody("coffee.png", "image/png", "Describe this photo in two sentences."),
      "poetry",
    );
    expect(lines(poem)).toBeGreaterThanOrEqual(6);
    expect(poem).toContain("600 by 400");
    const noPhoto = await answer(textBody("Tell me about autumn leaves"), "poetry");
    expect(lines(noPhoto)).toBeGreaterThanOrEqual(6);
  });

  test("another tool asking for a poem in words gets a description", async () => {
    const text = await answer(poemBody("coffee.png"), "cucumber");
    expect(lines(text)).toBe(1);
    expect(text).toMatch(/^A dim landscape photo \(600x400\)/);
  });

  test("a request of no tool is still read for the wish", async () => {
    expect(lines(await answer(poemBody("coffee.png")))).toBeGreaterThanOrEqual(6);
    expect(lines(await answer(poemBody("coffee.png", "image/png", "Describe this photo.")))).toBe(1);
  });
});
