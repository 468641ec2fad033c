import { describe, expect, it, vi } from "vitest";
import { isGeminiError } from "@/lib/gemini/errors";

// The AI calls' code cannot be fetched (the connection dropped while the photo was prepared).
vi.mock("@/tools/run-context.lazy", () => {
  throw new TypeError("Failed to fetch dynamically imported module: /assets/run-context.lazy-x.js");
});

describe("a tool's AI call whose code cannot be fetched", () => {
  it("fails as the connection's failure, with its advice, never naming a module", async () => {
    const { toolRunContext } = await import("@/tools/run-context");
    const ctx = toolRunContext("hulk", "test-key", {
      signal: new AbortController().signal,
      onRetryWait: () => {},
    });
    const error: unknown = await ctx.image({ parts: [{ text: "x" }] }).catch((e: unknown) => e);
    expect(isGeminiError(error) && error.kind).toBe("offline");
    expect(String((error as Error).message)).not.toMatch(/module|assets/);
  });
});
