// streamText against Gemini with the user's key: pieces as they come, every failure, the fallback and retries.
import { afterEach, describe, expect, it, vi } from "vitest";
import { STREAM_MESSAGES, streamText, type RetryWait } from "@/lib/gemini";
import { server } from "../../msw/server";
import { geminiHandler } from "../../msw/gemini";
import { sseOf, textChunk, type GeminiStreamReply } from "../../msw/gemini-stream";
import { failure, KEY, options, PARTS, serveStream, TEXT_MODEL } from "./stream-kit";

const POEM = [
  "Golden light on a quiet face,",
  "A helmet held with steady grace,",
  "Stars and stripes behind her stand,",
  "The whole sky waiting in her hand.",
].join("\n");

afterEach(() => {
  vi.useRealTimers();
});

describe("streamText", () => {
  it("streams the recorded answer piece by piece, with the key in a header and alt=sse", async () => {
    const fake = serveStream({ sse: "stream-text-success.sse", pieceSize: 37 });
    const seen: string[] = [];
    const text = await streamText(
      options({ tool: "poetry", toolInput: { step: "poem" }, onText: (all) => seen.push(all) }),
    );
    expect(text).toBe(POEM);
    expect(seen.length).toBe(4);
    expect(seen[0]).toBe("Golden light on a quiet face,\n");
    expect(seen.at(-1)?.trim()).toBe(POEM);
    const [request] = fake.requests;
    expect(request!.url.pathname).toBe(`/v1beta/models/${TEXT_MODEL}:streamGenerateContent`);
    expect(request!.url.search).toBe("?alt=sse");
    expect(request!.headers.get("x-goog-api-key")).toBe(KEY);
    expect(request!.url.href).not.toContain(KEY);
    expect(request!.body).toEqual({
      contents: [{ role: "user", parts: PARTS }],
      // The default text model's thinking level (src/config/gemini-calls.ts).
      generationConfig: { thinkingConfig: { thinkingLevel: "LOW" } },
    });
    // Google is never told the tool, nor its input.
    expect(request!.headers.has("x-cucumber-tool")).toBe(false);
    expect(request!.headers.has("x-cucumber-tool-input")).toBe(false);
  });

  it("reads CRLF events and skips thought parts", async () => {
    const thought = {
      candidates: [{ content: { parts: [{ text: "Planning the poem...", thought: true }] }, index: 0 }],
    };
    serveStream({
      sse: { raw: sseOf([thought, textChunk("Red sky,\n"), textChunk("blue sea.", "STOP")], "\r\n") },
      pieceSize: 5,
    });
    expect(await streamText(options())).toBe("Red sky,\nblue sea.");
  });

  it("a poem the model stopped with MAX_TOKENS after some text is delivered (the proxy counts it by the same rule)", async () => {
    const fake = serveStream({
      sse: { raw: sseOf([textChunk("Red sky at night,\n"), textChunk("sailors'", "MAX_TOKENS")]) },
    });
    expect(await streamText(options())).toBe("Red sky at night,\nsailors'");
    expect(fake.requests).toHaveLength(1);
  });

  it("MAX_TOKENS with no text at all is no poem", async () => {
    serveStream({ sse: { raw: sseOf([textChunk("", "MAX_TOKENS")]) } });
    const error = await failure(streamText(options({ maxAttempts: 1 })));
    expect(error.kind).toBe("bad-response");
  });

  it("a final SAFETY chunk fails as a blocked answer, even after some text", async () => {
    serveStream({ sse: "stream-safety-stop.sse" });
    const seen: string[] = [];
    const error = await failure(streamText(options({ onText: (all) => seen.push(all) })));
    expect(error.kind).toBe("output-blocked");
    expect(error.retryable).toBe(false);
    expect(seen).toEqual(["Roses on the "]);
  });

  it("a blocked prompt in the stream fails as prompt-blocked", async () => {
    serveStream({ sse: { raw: sseOf([{ promptFeedback: { blockReason: "SAFETY" } }]) } });
    expect((await failure(streamText(options({ maxAttempts: 1 })))).kind).toBe("prompt-blocked");
  });

  it("a stream that closes without its final chunk, or drops, is an early end (retried)", async () => {
    const cut = { sse: { raw: sseOf([textChunk("Red sky,\n")]) } } as const;
    const fake = serveStream([cut, { sse: "stream-text-success.sse", dropAfter: 200 }]);
    const waits: (RetryWait | null)[] = [];
    const error = await failure(streamText(options({ maxAttempts: 2, onRetryWait: (w) => waits.push(w) })));
    expect(error.message).toBe(STREAM_MESSAGES.endedEarly);
    expect(error.retryable).toBe(true);
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]).toMatchObject({ attempt: 2, maxAttempts: 2 });
  });

  it("an error event inside the stream is read like an HTTP error", async () => {
    serveStream({
      sse: {
        raw: sseOf([{ error: { code: 400, message: "API key not valid.", status: "INVALID_ARGUMENT" } }]),
      },
    });
    const error = await failure(streamText(options()));
    expect(error.kind).toBe("bad-key");
    expect(error.message).toBe("API error: API key not valid.");
  });

  it("an error sent as bare JSON inside the stream (no data: prefix) is that error, not an early end", async () => {
    const fake = serveStream({ sse: "stream-error-bare-503.sse" });
    const seen: string[] = [];
    const error = await failure(streamText(options({ maxAttempts: 1, onText: (all) => seen.push(all) })));
    expect(error).toMatchObject({
      kind: "overloaded",
      status: 503,
      retryable: true,
      message: "API error: The model is overloaded. Please try again later.",
    });
    expect(error.message).not.toBe(STREAM_MESSAGES.endedEarly);
    expect(seen).toEqual(["Golden light on a quiet face,\n"]);
    expect(fake.requests).toHaveLength(1);
  });

  it.each<[string, string, boolean, string]>([
    [
      "a 500 on one line, CRLF, no blank line after it",
      '{"error":{"code":500,"message":"Internal error encountered.","status":"INTERNAL"}}\r\n',
      true,
      "server",
    ],
    [
      "a per-minute 429 with RetryInfo, in a JSON array",
      '[{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED","details":[{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"7s"}]}}]\n\n',
      true,
      "rate-limit",
    ],
    [
      "a status without a code",
      '{\n  "error": {\n    "message": "The model is overloaded. Please try again later.",\n    "status": "UNAVAILABLE"\n  }\n}\n',
      true,
      "overloaded",
    ],
    [
      "a leaked key (never retried)",
      '{"error":{"code":403,"message":"Your API key was reported as leaked. Please use another API key.","status":"PERMISSION_DENIED"}}\n',
      false,
      "key-denied",
    ],
  ])("a bare JSON error in the stream: %s", async (_, bare, retryable, kind) => {
    const fake = serveStream({ sse: { raw: `${sseOf([textChunk("Red sky,\n")])}${bare}` } });
    const error = await failure(streamText(options({ maxAttempts: 1 })));
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(error.message).toMatch(/^API error: /);
    if (kind === "rate-limit") expect(error.retryAfterMs).toBe(7_000);
    expect(fake.requests).toHaveLength(1);
  });

  it.each<[GeminiStreamReply, string, boolean]>([
    [{ fixture: "error-400-api-key-invalid.json" }, "bad-key", false],
    [{ fixture: "error-403-key-leaked.json" }, "key-denied", false],
    [{ fixture: "error-429-daily-quota.json" }, "daily-quota", false],
    [{ text: "<html>Bad gateway</html>", status: 502 }, "server", true],
  ])("an HTTP error before the stream maps like generateContent (%#)", async (reply, kind, retryable) => {
    const fake = serveStream(reply);
    const error = await failure(streamText(options({ maxAttempts: 1 })));
    expect(error.kind).toBe(kind);
    expect(error.retryable).toBe(retryable);
    expect(fake.requests).toHaveLength(1);
  });

  it("retries a 503 and then streams", async () => {
    const fake = serveStream([{ fixture: "error-503-overloaded.json" }, { sse: "stream-text-success.sse" }]);
    expect(await streamText(options())).toBe(POEM);
    expect(fake.requests).toHaveLength(2);
  });

  it("a retired model (404 from the stream endpoint) is one request and a model-not-found error", async () => {
    const whole = geminiHandler({ fixture: "error-404-model-not-found.json" });
    server.use(whole.handler);
    const fake = serveStream({ fixture: "error-404-model-not-found.json" });
    const error = await failure(streamText(options({ model: "gemini-3.5-flash" })));
    expect(error).toMatchObject({ kind: "model-not-found", status: 404, retryable: false });
    expect(error.advice).toBe(
      'The AI model "gemini-3.5-flash" is no longer available: the app\'s model setting (VITE_GEMINI_TEXT_MODEL) needs updating.',
    );
    expect(fake.requests).toHaveLength(1);
    expect(whole.requests).toHaveLength(0);
  });

  it("falls back to generateContent when the stream method is not allowed (405)", async () => {
    const whole = geminiHandler({ fixture: "text-success.json" });
    server.use(whole.handler);
    const fake = serveStream({ text: "Method Not Allowed", status: 405, contentType: "text/plain" });
    const seen: string[] = [];
    const text = await streamText(options({ onText: (all) => seen.push(all) }));
    expect(text).toMatch(/^Golden light spills over a quiet face,/);
    expect(seen).toEqual([text]);
    expect(fake.requests).toHaveLength(1);
    expect(whole.requests).toHaveLength(1);
  });

  it("falls back when a proxy answers the stream with plain JSON", async () => {
    // The whole-answer handler first: the stream handler (used last) answers the stream path itself.
    const whole = geminiHandler({ fixture: "text-success.json" });
    server.use(whole.handler);
    const fake = serveStream({ sse: { raw: "{}" }, contentType: "application/json" });
    expect(await streamText(options())).toMatch(/^Golden light spills/);
    expect(fake.requests).toHaveLength(1);
    expect(whole.requests).toHaveLength(1);
  });

  it("cancels mid-stream with a cancelled error", async () => {
    serveStream({ sse: "stream-text-success.sse", pieceSize: 20, gapMs: 30 });
    const controller = new AbortController();
    const promise = streamText(
      options({
        signal: controller.signal,
        onText: () => controller.abort(),
      }),
    );
    expect((await failure(promise)).kind).toBe("cancelled");
  });

  it("offline before the stream starts is an offline error", async () => {
    serveStream({ networkError: true });
    expect((await failure(streamText(options({ maxAttempts: 1 })))).kind).toBe("offline");
  });

  it("times out a stream that stops sending", async () => {
    serveStream({ hang: true });
    const error = await failure(streamText(options({ maxAttempts: 1, timeoutMs: 100 })));
    expect(error.kind).toBe("timeout");
  });
});
