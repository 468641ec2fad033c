import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isGeminiError, resolveGeminiTarget } from "@/lib/gemini";
import { makeSession, storeSession } from "../../msw/supabase";

const GOOGLE = "https://generativelanguage.googleapis.com";

describe("resolveGeminiTarget", () => {
  beforeEach(() => {
    // Start from nothing, whatever a local .env holds.
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    vi.stubEnv("VITE_GEMINI_BASE_URL", "");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("prefers the key typed on the page", () => {
    vi.stubEnv("VITE_GEMINI_API_KEY", "default-key");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    expect(resolveGeminiTarget("  typed-key  ")).toEqual({
      baseUrl: GOOGLE,
      apiKey: "typed-key",
      source: "user-key",
    });
  });

  it("falls back to the embedded default key when the field is empty", () => {
    vi.stubEnv("VITE_GEMINI_API_KEY", "default-key");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    for (const typed of [undefined, null, "", "   "]) {
      expect(resolveGeminiTarget(typed)).toEqual({
        baseUrl: GOOGLE,
        apiKey: "default-key",
        source: "default-key",
      });
    }
  });

  it("uses the local preview engine on the app's origin when there is no key", () => {
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    expect(resolveGeminiTarget()).toEqual({
      baseUrl: `${window.location.origin}/__local-ai`,
      source: "local-engine",
    });
  });

  it("throws the no-key error when there is no key and no local engine", () => {
    let thrown: unknown;
    try {
      resolveGeminiTarget("");
    } catch (e) {
      thrown = e;
    }
    expect(isGeminiError(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      kind: "no-key",
      message: "No API key provided. Please enter a Google Gemini API key.",
      retryable: false,
    });
  });

  it("does not take the local engine unless the flag is exactly true", () => {
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "false");
    expect(() => resolveGeminiTarget()).toThrow("No API key provided");
  });

  it("sends keyed calls to the configured base URL (a proxy), without a trailing slash", () => {
    vi.stubEnv("VITE_GEMINI_BASE_URL", "https://proxy.example.com/gemini/");
    expect(resolveGeminiTarget("typed-key").baseUrl).toBe("https://proxy.example.com/gemini");
  });
});

describe("resolveGeminiTarget in hosted mode (AI_MODE=hosted)", () => {
  beforeEach(() => {
    vi.stubEnv("VITE_AI_MODE", "hosted");
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    vi.stubEnv("VITE_GEMINI_BASE_URL", "");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("sends calls without a typed key to the app's proxy with the session, never a key", () => {
    const target = resolveGeminiTarget("");
    expect(target).toMatchObject({ baseUrl: `${window.location.origin}/api/ai`, source: "hosted" });
    expect(target.apiKey).toBeUndefined();
    expect(target.authorization).toBeTypeOf("function");
  });

  it("never takes an embedded default key or the local preview engine", () => {
    vi.stubEnv("VITE_GEMINI_API_KEY", "default-key");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
    for (const typed of [undefined, null, "", "   "]) {
      const target = resolveGeminiTarget(typed);
      expect(target.source).toBe("hosted");
      expect(target.apiKey).toBeUndefined();
      expect(target.baseUrl).toBe(`${window.location.origin}/api/ai`);
    }
  });

  it("still sends a typed key straight to Google", () => {
    expect(resolveGeminiTarget(" typed-key ")).toEqual({
      baseUrl: GOOGLE,
      apiKey: "typed-key",
      source: "user-key",
    });
  });

  it("asks for the signed-in user's access token, and null when signed out", async () => {
    const target = resolveGeminiTarget();
    expect(await target.authorization?.()).toBeNull();
    storeSession(makeSession());
    expect(await target.authorization?.()).toBe("test-access-token");
  });
});
