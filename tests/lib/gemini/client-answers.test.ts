/**
 * generateImage and generateText when Gemini answers: the image and text they return, the request they
 * send (URL, key header, generation config), and answers that are not JSON.
 */
import { describe, expect, it, vi } from "vitest";
import { generateImage, generateText } from "@/lib/gemini";
import { GEMINI_BASE_URL } from "../../msw/gemini";
import {
  clientTestSetup,
  failure,
  IMAGE_MODEL,
  IMAGE_THINKING,
  imageOptions,
  KEY,
  PARTS,
  serve,
  settle,
  SUCCESS_IMAGE,
  imageOf,
  target,
  TEXT_MODEL,
  TEXT_THINKING,
} from "./client-kit";

clientTestSetup();

describe("generateImage: success", () => {
  it("returns the image's bytes as a Blob of its type, and the model's text", async () => {
    serve({ fixture: "image-success.json" });
    const result = await generateImage(imageOptions());
    expect(await imageOf(result)).toEqual(SUCCESS_IMAGE);
    expect(result).not.toHaveProperty("data");
    expect(result.text).toBe("Here is your image with one cucumber added.");
  });

  it("says when each answer has arrived, and whether it was a success, before reading it", async () => {
    serve([{ fixture: "error-500-internal.json" }, { fixture: "image-success.json" }]);
    const answered: boolean[] = [];
    vi.useFakeTimers();
    const result = await settle(generateImage(imageOptions({ onAnswered: (ok) => answered.push(ok) })));
    expect(await imageOf(result)).toEqual(SUCCESS_IMAGE);
    expect(answered).toEqual([false, true]);
  });

  it("a 4K answer: the request asks for it, and the picture is the model's bytes, never scaled down", async () => {
    // A large PNG answer (11 MB of base64): what the model sent is what the page gets, byte for byte.
    const data = Buffer.alloc(8 * 1024 * 1024, 7).toString("base64");
    const fake = serve({
      json: {
        candidates: [
          {
            content: { role: "model", parts: [{ inlineData: { mimeType: "image/png", data } }] },
            finishReason: "STOP",
          },
        ],
      },
    });
    const result = await generateImage(imageOptions({ output: { shape: "16:9", size: "4K" } }));
    expect(Buffer.from(await result.blob.arrayBuffer()).equals(Buffer.alloc(8 * 1024 * 1024, 7))).toBe(true);
    expect(result.blob.type).toBe("image/png");
    const sent = fake.requests[0]!.body as { generationConfig: { imageConfig: unknown } };
    expect(sent.generationConfig.imageConfig).toEqual({ aspectRatio: "16:9", imageSize: "4K" });
  });

  it("returns an image-only answer without text", async () => {
    serve({ fixture: "image-only-success.json" });
    const result = await generateImage(imageOptions());
    expect(await imageOf(result)).toEqual(SUCCESS_IMAGE);
    expect(result).not.toHaveProperty("text");
  });

  it("takes the LAST image part that is not a thought, and skips thought text", async () => {
    const draft = { mimeType: "image/png", data: "RFJBRlQ=" };
    const second = { mimeType: "image/webp", data: "U0VDT05E" };
    const lateThought = { mimeType: "image/png", data: "TEFURS1EUkFGVA==" };
    serve({
      json: {
        candidates: [
          {
            content: {
              role: "model",
              parts: [
                { text: "Thinking about where the cucumber goes.", thought: true },
                { inlineData: draft, thought: true },
                { text: "Here you go." },
                { inlineData: SUCCESS_IMAGE, thoughtSignature: "c2ln" },
                { inlineData: second },
                { inlineData: lateThought, thought: true },
              ],
            },
            finishReason: "STOP",
          },
        ],
      },
    });
    const result = await generateImage(imageOptions());
    expect(await imageOf(result)).toEqual(second);
    expect(result.text).toBe("Here you go.");
  });
});

describe("generateText: success", () => {
  it("returns the non-thought text of the answer", async () => {
    const fake = serve({ fixture: "text-success.json" });
    const text = await generateText({ target, model: TEXT_MODEL, parts: PARTS });
    expect(text).toMatch(/^Golden light spills over a quiet face,\nsilver suit/);
    expect(fake.requests[0]?.model).toBe(TEXT_MODEL);
  });

  it("leaves out thought parts", async () => {
    serve({
      json: {
        candidates: [
          { content: { parts: [{ text: "Let me look at the photo.", thought: true }, { text: "A poem." }] } },
        ],
      },
    });
    await expect(generateText({ target, model: TEXT_MODEL, parts: PARTS })).resolves.toBe("A poem.");
  });
});

describe("the request", () => {
  it("posts to v1beta with the model, the key in a header (never the URL) and image modalities", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions());
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0];
    expect(request?.url.href).toBe(`${GEMINI_BASE_URL}/v1beta/models/${IMAGE_MODEL}:generateContent`);
    expect(request?.url.search).toBe("");
    expect(request?.url.href).not.toContain(KEY);
    expect(request?.headers.get("x-goog-api-key")).toBe(KEY);
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { responseModalities: ["TEXT", "IMAGE"], thinkingConfig: IMAGE_THINKING },
    });
  });

  it("merges the caller's generationConfig over the image defaults", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions({ generationConfig: { imageConfig: { aspectRatio: "1:1" } } }));
    await generateImage(imageOptions({ generationConfig: { responseModalities: ["IMAGE"] } }));
    expect(fake.requests.map((r) => r.body)).toMatchObject([
      { generationConfig: { responseModalities: ["TEXT", "IMAGE"], imageConfig: { aspectRatio: "1:1" } } },
      { generationConfig: { responseModalities: ["IMAGE"] } },
    ]);
  });

  it("sends no sampling parameters and no output cap on image calls (docs/gemini.md), in either spelling", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(
      imageOptions({
        generationConfig: {
          temperature: 0.4,
          topK: 32,
          topP: 1,
          maxOutputTokens: 4096,
          top_k: 32,
          top_p: 1,
          max_output_tokens: 2048,
          imageConfig: { aspectRatio: "1:1" },
        },
      }),
    );
    expect(fake.requests[0]?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: {
        responseModalities: ["TEXT", "IMAGE"],
        imageConfig: { aspectRatio: "1:1" },
        thinkingConfig: IMAGE_THINKING,
      },
    });
  });

  it("sends no responseModalities for text calls", async () => {
    const fake = serve({ fixture: "text-success.json" });
    await generateText({ target, model: TEXT_MODEL, parts: PARTS });
    await generateText({ target, model: TEXT_MODEL, parts: PARTS, generationConfig: { temperature: 0.4 } });
    expect(fake.requests[0]?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { thinkingConfig: TEXT_THINKING },
    });
    expect(fake.requests[1]?.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      generationConfig: { temperature: 0.4, thinkingConfig: TEXT_THINKING },
    });
  });

  it("asks the default models for the app's thinking level, another model for none, and lets the caller's win", async () => {
    // docs/gemini.md "Thinking": MEDIUM for Nano Banana 2.1, LOW for Gemini 3.8 Flash.
    expect(IMAGE_THINKING).toEqual({ thinkingLevel: "MEDIUM" });
    expect(TEXT_THINKING).toEqual({ thinkingLevel: "LOW" });
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions({ model: `models/${IMAGE_MODEL}` }));
    await generateImage(imageOptions({ model: "gemini-some-other-image-model" }));
    await generateImage(imageOptions({ generationConfig: { thinkingConfig: { thinkingLevel: "HIGH" } } }));
    expect(fake.requests.map((r) => (r.body as { generationConfig: unknown }).generationConfig)).toEqual([
      { responseModalities: ["TEXT", "IMAGE"], thinkingConfig: { thinkingLevel: "MEDIUM" } },
      { responseModalities: ["TEXT", "IMAGE"] },
      { responseModalities: ["TEXT", "IMAGE"], thinkingConfig: { thinkingLevel: "HIGH" } },
    ]);
  });

  it("sends no key header to the local preview engine, and tells it the tool", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(
      imageOptions({ target: { baseUrl: GEMINI_BASE_URL, source: "local-engine" }, tool: "hulk" }),
    );
    expect(fake.requests[0]?.headers.has("x-goog-api-key")).toBe(false);
    expect(fake.requests[0]?.headers.get("x-cucumber-tool")).toBe("hulk");
    // The local engine is called with the model's ID, as Google is (only the proxy takes a role).
    expect(fake.requests[0]?.model).toBe(IMAGE_MODEL);
  });

  it("sends the tool's input beside it, as percent-encoded JSON that keeps any character", async () => {
    const fake = serve({ fixture: "image-success.json" });
    const input = { kind: "text", description: 'Ünïcödé 世界 🥒 "quoted"', withAddedImage: false };
    await generateImage(
      imageOptions({
        target: { baseUrl: GEMINI_BASE_URL, source: "local-engine" },
        tool: "scene",
        toolInput: input,
      }),
    );
    await generateText({
      target: { baseUrl: GEMINI_BASE_URL, source: "local-engine" },
      model: TEXT_MODEL,
      parts: PARTS,
      tool: "cucumber",
      toolInput: { operation: "first" },
    });
    const [image, text] = fake.requests;
    const header = image?.headers.get("x-cucumber-tool-input") ?? "";
    expect(header).toMatch(/^[\x21-\x7e]+$/);
    expect(JSON.parse(decodeURIComponent(header))).toEqual(input);
    expect(text?.headers.get("x-cucumber-tool-input")).toBe(encodeURIComponent('{"operation":"first"}'));
    // Without an input, no header.
    await generateImage(imageOptions({ target: { baseUrl: GEMINI_BASE_URL, source: "local-engine" } }));
    expect(fake.requests[2]?.headers.has("x-cucumber-tool-input")).toBe(false);
  });

  it("never names the tool to Google: a typed key or the built-in key sends no x-cucumber-tool", async () => {
    const fake = serve({ fixture: "image-success.json" });
    await generateImage(imageOptions({ tool: "hulk", toolInput: { operation: "first" } }));
    await generateImage(
      imageOptions({
        target: { baseUrl: GEMINI_BASE_URL, apiKey: KEY, source: "default-key" },
        tool: "frog",
        toolInput: { operation: "custom", words: "a frog" },
      }),
    );
    await generateText({ target, model: TEXT_MODEL, parts: PARTS, tool: "cucumber", toolInput: { a: 1 } });
    expect(fake.requests).toHaveLength(3);
    for (const request of fake.requests) {
      expect(request.headers.has("x-cucumber-tool")).toBe(false);
      expect(request.headers.has("x-cucumber-tool-input")).toBe(false);
      expect(request.headers.get("x-goog-api-key")).toBe(KEY);
    }
  });
});

describe("answers that are not JSON", () => {
  it.each([
    ["an HTML page", "<html><body><h1>Access denied by proxy</h1></body></html>"],
    ["an empty body", ""],
    ["truncated JSON", '{"candidates": [{"content": '],
  ])("a 200 with %s is a bad response", async (_label, text) => {
    const fake = serve({ text, status: 200 });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({
      kind: "bad-response",
      message: "Invalid response format from API.",
      retryable: false,
    });
    expect(error.advice).toMatch(/could not be read/);
    expect(fake.requests).toHaveLength(1);
  });

  it("a 4xx with an HTML body is an API error with Unknown error", async () => {
    serve({ text: "<html>Forbidden</html>", status: 403 });
    const error = await failure(generateImage(imageOptions()));
    expect(error).toMatchObject({ kind: "key-denied", status: 403, message: "API error: Unknown error" });
  });

  it('reads a flat {"error": "..."} body from a proxy', async () => {
    serve({ json: { error: "Upstream refused the request" }, status: 400 });
    const error = await failure(generateImage(imageOptions()));
    expect(error.message).toBe("API error: Upstream refused the request");
  });
});
