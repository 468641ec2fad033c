import { describe, expect, it } from "vitest";
import { describeFailure, GeminiError, isGeminiError } from "@/lib/gemini";
import { backoffDelay } from "@/lib/gemini/retry";

describe("describeFailure", () => {
  it("gives a Gemini error's cause unprefixed (each tool words the toast once) with its advice", () => {
    const error = new GeminiError({
      kind: "overloaded",
      status: 503,
      message: "API error: The model is overloaded. Please try again later.",
      advice: "The AI is overloaded right now: try again in a minute.",
      retryable: true,
    });
    expect(describeFailure(error)).toEqual({
      message: "API error: The model is overloaded. Please try again later.",
      advice: "The AI is overloaded right now: try again in a minute.",
      cancelled: false,
      kind: "overloaded",
    });
  });

  it("marks a cancellation, ours or a plain AbortError, as cancelled", () => {
    const ours = new GeminiError({ kind: "cancelled", message: "Conversion cancelled", advice: "x" });
    for (const e of [ours, new DOMException("The operation was aborted.", "AbortError")]) {
      expect(describeFailure(e)).toMatchObject({ message: "Conversion cancelled", cancelled: true });
    }
  });

  it("falls back to the spec's wording for anything else", () => {
    expect(describeFailure(new Error("Failed to convert image to base64"))).toEqual({
      message: "Failed to convert image to base64",
      advice: "Please try again.",
      cancelled: false,
    });
    expect(describeFailure("boom").message).toBe("Unknown error occurred");
    expect(describeFailure(new Error("")).message).toBe("Unknown error occurred");
  });

  it("recognises its errors", () => {
    expect(isGeminiError(new GeminiError({ kind: "server", message: "m", advice: "a" }))).toBe(true);
    expect(isGeminiError(new Error("m"))).toBe(false);
    expect(isGeminiError(undefined)).toBe(false);
  });
});

describe("backoffDelay", () => {
  it("grows from 1 s with +/-20 % jitter and stops at 20 s", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(1, () => 0)).toBe(800);
    expect(backoffDelay(1, () => 1)).toBe(1200);
    expect(backoffDelay(10, () => 1)).toBe(20_000);
  });
});
