/**
 * generateImage and generateText when an answer may get better by asking again: the retried statuses,
 * their reported waits and give-up advice, and the network, timeout and cancel paths.
 */
import { describe, expect, it, vi } from "vitest";
import { generateImage, generateText, type RetryWait } from "@/lib/gemini";
import type { GeminiReply } from "../../msw/gemini";
import {
  clientTestSetup,
  failure,
  imageOptions,
  PARTS,
  serve,
  settle,
  SUCCESS_IMAGE,
  target,
  TEXT_MODEL,
} from "./client-kit";

clientTestSetup();

describe("retries", () => {
  it("retries a 503 with a growing, reported wait, then succeeds", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const fake = serve([
      { fixture: "error-503-overloaded.json" },
      { fixture: "error-503-overloaded.json" },
      { fixture: "image-success.json" },
    ]);
    const waits: (RetryWait | null)[] = [];
    const result = await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(3);
    expect(waits).toEqual([
      { attempt: 2, maxAttempts: 3, delayMs: 1000, reason: "The AI is busy right now." },
      null,
      { attempt: 3, maxAttempts: 3, delayMs: 2000, reason: "The AI is busy right now." },
      null,
    ]);
  });

  it("gives up after maxAttempts with the overloaded advice", async () => {
    vi.useFakeTimers();
    const fake = serve({ fixture: "error-503-overloaded.json" });
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({
      kind: "overloaded",
      status: 503,
      message: "API error: The model is overloaded. Please try again later.",
      advice: "The AI is overloaded right now: try again in a minute.",
      retryable: true,
    });
    expect(fake.requests).toHaveLength(3);
  });

  it("honours maxAttempts: 1", async () => {
    const fake = serve({ fixture: "error-503-overloaded.json" });
    const error = await failure(generateImage(imageOptions({ maxAttempts: 1 })));
    expect(error.kind).toBe("overloaded");
    expect(fake.requests).toHaveLength(1);
  });

  it("waits exactly the RetryInfo delay (7s) of a per-minute 429 before retrying", async () => {
    vi.useFakeTimers();
    const fake = serve([{ fixture: "error-429-quota.json" }, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    const call = generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) }));
    await vi.advanceTimersByTimeAsync(6_900);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([
      { attempt: 2, maxAttempts: 3, delayMs: 7000, reason: "Too many requests right now." },
    ]);
    await vi.advanceTimersByTimeAsync(200);
    const result = await settle(call);
    expect(result.image).toEqual(SUCCESS_IMAGE);
    expect(fake.requests).toHaveLength(2);
    expect(waits.at(-1)).toBeNull();
  });

  it("reports the rate-limit advice when per-minute 429s do not stop", async () => {
    vi.useFakeTimers();
    const fake = serve({ fixture: "error-429-quota.json" });
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({ kind: "rate-limit", status: 429, retryable: true, retryAfterMs: 7000 });
    expect(error.advice).toBe("Too many requests right now: wait a minute and try again.");
    expect(fake.requests).toHaveLength(3);
  });

  it('reads fractional RetryInfo delays ("1.5s")', async () => {
    vi.useFakeTimers();
    serve([
      {
        status: 429,
        json: {
          error: {
            code: 429,
            message: "Resource exhausted.",
            status: "RESOURCE_EXHAUSTED",
            details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "1.5s" }],
          },
        },
      },
      { fixture: "image-success.json" },
    ]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(waits[0]?.delayMs).toBe(1500);
  });

  it("does not wait for a server that asks for more than a minute", async () => {
    const fake = serve({
      status: 429,
      json: {
        error: {
          code: 429,
          message: "Resource exhausted.",
          status: "RESOURCE_EXHAUSTED",
          details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "3600s" }],
        },
      },
    });
    const error = await failure(generateImage(imageOptions()));
    expect(error.kind).toBe("rate-limit");
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [500, { fixture: "error-500-internal.json" } as GeminiReply],
    [502, { text: "<html><body>502 Bad Gateway</body></html>", status: 502 } as GeminiReply],
    [
      504,
      {
        json: { error: { code: 504, message: "Deadline expired", status: "DEADLINE_EXCEEDED" } },
        status: 504,
      },
    ],
  ])("retries a %i as a server problem", async (status, reply) => {
    vi.useFakeTimers();
    const fake = serve([reply, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]?.reason).toBe("The AI service had a problem.");

    const always = serve(reply);
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({ kind: "server", status, retryable: true });
    expect(error.advice).toBe("The AI service had a problem: try again.");
    expect(always.requests).toHaveLength(3);
  });

  it("retries a 408 as a timeout", async () => {
    vi.useFakeTimers();
    const fake = serve([{ text: "", status: 408 }, { fixture: "image-success.json" }]);
    await settle(generateImage(imageOptions()));
    expect(fake.requests).toHaveLength(2);
  });
});

describe("network, timeout and cancel", () => {
  it("calls a failed fetch offline, retries it, and keeps the photo", async () => {
    vi.useFakeTimers();
    const fake = serve({ networkError: true });
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({
      kind: "offline",
      retryable: true,
      message: "Could not reach the AI service.",
    });
    expect(error.advice).toBe(
      "You seem to be offline: check your connection and try again (your photo is still here).",
    );
    expect(fake.requests).toHaveLength(3);
  });

  it("recovers when the network comes back", async () => {
    vi.useFakeTimers();
    const fake = serve([{ networkError: true }, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]?.reason).toBe("The connection to the AI dropped.");
  });

  it("times out a text call after timeoutMs, and retries it", async () => {
    vi.useFakeTimers();
    const fake = serve({ hang: true });
    const call = generateText({ target, model: TEXT_MODEL, parts: PARTS, timeoutMs: 5_000, maxAttempts: 2 });
    const error = await failure(settle(call));
    expect(error).toMatchObject({
      kind: "timeout",
      retryable: true,
      message: "The AI took too long to answer.",
    });
    expect(error.advice).toMatch(/took too long/);
    expect(fake.requests).toHaveLength(2);
  });

  it("never retries a timed-out image call on its own (the first call may still be billed)", async () => {
    vi.useFakeTimers();
    const fake = serve({ hang: true });
    const waits: (RetryWait | null)[] = [];
    const call = generateImage(imageOptions({ timeoutMs: 5_000, onRetryWait: (w) => waits.push(w) }));
    const error = await failure(settle(call));
    expect(error).toMatchObject({
      kind: "timeout",
      retryable: false,
      message: "The AI took too long to answer.",
    });
    // The user's own "Try again" is still the way on.
    expect(error.advice).toMatch(/try again/);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("waits 90 s per attempt by default", async () => {
    vi.useFakeTimers();
    serve({ hang: true });
    let outcome: unknown;
    generateImage(imageOptions({ maxAttempts: 1 })).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(89_900);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome).toMatchObject({ kind: "timeout" });
  });

  it("cancels at once during a request", async () => {
    const fake = serve({ hang: true });
    const controller = new AbortController();
    const call = generateImage(imageOptions({ signal: controller.signal }));
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
    controller.abort();
    const error = await failure(call);
    expect(error).toMatchObject({ kind: "cancelled", message: "Conversion cancelled", retryable: false });
    expect(fake.requests).toHaveLength(1);
  });

  it("cancels during a retry wait and sends nothing more", async () => {
    vi.useFakeTimers();
    const fake = serve([{ fixture: "error-503-overloaded.json" }, { fixture: "image-success.json" }]);
    const controller = new AbortController();
    const waits: (RetryWait | null)[] = [];
    let outcome: unknown;
    generateImage(imageOptions({ signal: controller.signal, onRetryWait: (w) => waits.push(w) })).catch(
      (e: unknown) => (outcome = e),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(waits).toHaveLength(1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toMatchObject({ kind: "cancelled", message: "Conversion cancelled" });
    expect(waits).toEqual([expect.objectContaining({ attempt: 2 }), null]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.requests).toHaveLength(1);
  });

  it("sends nothing when the signal is already aborted", async () => {
    const fake = serve({ fixture: "image-success.json" });
    const controller = new AbortController();
    controller.abort();
    const error = await failure(generateImage(imageOptions({ signal: controller.signal })));
    expect(error.kind).toBe("cancelled");
    expect(fake.requests).toHaveLength(0);
  });
});
