// streamText in hosted mode: a poem streamed through the app's proxy with the user's session.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { streamText, type GeminiTarget } from "@/lib/gemini";
import type { ServerUsage } from "@/lib/usage";
import { server } from "../../msw/server";
import { sseOf, textChunk } from "../../msw/gemini-stream";
import { HOSTED_AI_URL, hostedAiHandler } from "../../msw/hosted";
import { failure, options } from "./stream-kit";

afterEach(() => {
  vi.useRealTimers();
});

describe("hosted mode: a poem through the app's proxy", () => {
  const reports: ServerUsage[] = [];
  let tokens: string[] = [];
  const hostedTarget: GeminiTarget = {
    baseUrl: HOSTED_AI_URL,
    source: "hosted",
    authorization: async () => tokens.shift() ?? null,
    onUsage: (usage) => reports.push(usage),
  };
  const stanza = (text: string) => sseOf([textChunk(text), textChunk(" the end.", "STOP")]);
  beforeEach(() => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    tokens = ["token-1", "token-2"];
    reports.length = 0;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("streams with the session as a bearer token and no key; the count comes with the stream's start", async () => {
    const fake = hostedAiHandler({ sse: stanza("A poem,"), usage: { used: 1, limit: 3, remaining: 1 } });
    server.use(fake.handler);
    const pieces: string[] = [];
    const text = await streamText(
      options({ target: hostedTarget, tool: "poetry", onText: (_, piece) => pieces.push(piece) }),
    );
    expect(text).toBe("A poem, the end.");
    expect(pieces).toEqual(["A poem,", " the end."]);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe("streamGenerateContent");
    // The text role, not the model: the server calls the model it is configured with.
    expect(request.url.href).toBe(
      `${window.location.origin}/api/ai/v1beta/models/text:streamGenerateContent?alt=sse`,
    );
    expect(request.headers.get("x-cucumber-tool")).toBe("poetry");
    expect(request.headers.get("authorization")).toBe("Bearer token-1");
    expect(request.headers.has("x-goog-api-key")).toBe(false);
    // The conversion the stream holds counts as not left: 3 - 1 used - 1 reserved.
    expect(reports).toEqual([{ used: 1, limit: 3, remaining: 1 }]);
  });

  it("a retried stream carries the session as it is then", async () => {
    const fake = hostedAiHandler([{ fixture: "error-503-overloaded.json" }, { sse: stanza("Again,") }]);
    server.use(fake.handler);
    vi.useFakeTimers();
    const call = streamText(options({ target: hostedTarget }));
    for (let i = 0; i < 100 && fake.requests.length < 2; i++) await vi.advanceTimersByTimeAsync(100);
    expect(await call).toBe("Again, the end.");
    expect(fake.requests.map((r) => r.headers.get("authorization"))).toEqual([
      "Bearer token-1",
      "Bearer token-2",
    ]);
  });

  it("the monthly limit refuses before any stream: never retried", async () => {
    const fake = hostedAiHandler({
      refusal: "CONVERSION_LIMIT_REACHED",
      usage: { used: 3, limit: 3, remaining: 0 },
    });
    server.use(fake.handler);
    const error = await failure(streamText(options({ target: hostedTarget })));
    expect(error).toMatchObject({ kind: "limit", retryable: false });
    expect(fake.requests).toHaveLength(1);
    expect(reports).toEqual([{ used: 3, limit: 3, remaining: 0 }]);
  });
});
