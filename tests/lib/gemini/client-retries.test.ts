/**
 * generateImage and generateText when an answer may get better by asking again: the retried statuses,
 * their reported waits and give-up advice, and the network, timeout and cancel paths. An image call is
 * sent again on its own only when the answer says no picture was made (docs/gemini.md "Retry policy"):
 * every case counts the requests the server received.
 */
import { http, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { PAGE_IMAGE_TIMEOUT_MS } from "@/config/ai-timeouts";
import { generateImage, generateText, type RetryWait } from "@/lib/gemini";
import { server } from "../../msw/server";
import { fixtureText, GEMINI_BASE_URL, type GeminiReply } from "../../msw/gemini";
import {
  clientTestSetup,
  failure,
  imageOptions,
  PARTS,
  serve,
  settle,
  SUCCESS_IMAGE,
  imageOf,
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
    expect(await imageOf(result)).toEqual(SUCCESS_IMAGE);
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
    expect(await imageOf(result)).toEqual(SUCCESS_IMAGE);
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

  it("retries Google's 500 as a server problem (no picture was made)", async () => {
    vi.useFakeTimers();
    const reply: GeminiReply = { fixture: "error-500-internal.json" };
    const fake = serve([reply, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    await settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) })));
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]?.reason).toBe("The AI service had a problem.");

    const always = serve(reply);
    const error = await failure(settle(generateImage(imageOptions())));
    expect(error).toMatchObject({ kind: "server", status: 500, retryable: true });
    expect(error.advice).toBe("The AI service had a problem: try again.");
    expect(always.requests).toHaveLength(3);
  });

  const BAD_GATEWAY: GeminiReply = { text: "<html><body>502 Bad Gateway</body></html>", status: 502 };
  const DEADLINE: GeminiReply = {
    json: { error: { code: 504, message: "Deadline expired", status: "DEADLINE_EXCEEDED" } },
    status: 504,
  };

  it.each([
    [502, BAD_GATEWAY, "server"],
    [504, DEADLINE, "timeout"],
    [408, { text: "", status: 408 } as GeminiReply, "timeout"],
  ])(
    "an image call's %i is sent once: the picture may have been made, the person presses Try again",
    async (status, reply, kind) => {
      vi.useFakeTimers();
      const fake = serve([reply, { fixture: "image-success.json" }]);
      const waits: (RetryWait | null)[] = [];
      const error = await failure(settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) }))));
      expect(error).toMatchObject({ kind, status, retryable: false });
      expect(error.advice).toBe(
        "Your picture may still have been made, but it did not reach you: press Try again.",
      );
      expect(fake.requests).toHaveLength(1);
      expect(waits).toEqual([]);
    },
  );

  it.each([
    [502, BAD_GATEWAY],
    [504, DEADLINE],
    [408, { text: "", status: 408 } as GeminiReply],
  ])("a text call's %i is retried as before", async (_status, reply) => {
    vi.useFakeTimers();
    const fake = serve([reply, { fixture: "text-success.json" }]);
    await settle(generateText({ target, model: TEXT_MODEL, parts: PARTS }));
    expect(fake.requests).toHaveLength(2);
  });
});

/**
 * Gemini answering 200 with the first half of image-success.json, then the connection cut: the answer
 * was made and sent, and lost on the way. `requests` counts what the server received.
 */
function cutHalfWay() {
  const requests: URL[] = [];
  const text = fixtureText("image-success.json");
  server.use(
    http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, ({ request }) => {
      requests.push(new URL(request.url));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text.slice(0, Math.floor(text.length / 2))));
          controller.error(new TypeError("terminated"));
        },
      });
      return new HttpResponse(body, { status: 200, headers: { "Content-Type": "application/json" } });
    }),
  );
  return { requests };
}

describe("network, timeout and cancel", () => {
  it("a text call whose fetch fails is offline, retried", async () => {
    vi.useFakeTimers();
    const fake = serve({ networkError: true });
    const error = await failure(settle(generateText({ target, model: TEXT_MODEL, parts: PARTS })));
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

  it("a text call recovers when the network comes back", async () => {
    vi.useFakeTimers();
    const fake = serve([{ networkError: true }, { fixture: "text-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    await settle(
      generateText({ target, model: TEXT_MODEL, parts: PARTS, onRetryWait: (w) => waits.push(w) }),
    );
    expect(fake.requests).toHaveLength(2);
    expect(waits[0]?.reason).toBe("The connection to the AI dropped.");
  });

  it("an image call whose fetch fails is sent once: the request may have got through", async () => {
    vi.useFakeTimers();
    const fake = serve([{ networkError: true }, { fixture: "image-success.json" }]);
    const waits: (RetryWait | null)[] = [];
    const error = await failure(settle(generateImage(imageOptions({ onRetryWait: (w) => waits.push(w) }))));
    expect(error).toMatchObject({
      kind: "offline",
      retryable: false,
      message: "Could not reach the AI service.",
    });
    expect(error.advice).toBe(
      "If the request got through before the connection failed, your picture may still have been made: check your connection and press Try again.",
    );
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("an image answer cut half way is received once and never asked again: the picture was made", async () => {
    vi.useFakeTimers();
    const cut = cutHalfWay();
    const answered: boolean[] = [];
    const error = await failure(
      settle(generateImage(imageOptions({ onAnswered: (ok) => answered.push(ok) }))),
    );
    expect(error).toMatchObject({
      kind: "offline",
      retryable: false,
      message: "The connection dropped while your picture was on its way.",
      advice: "Your picture may still have been made, but it did not reach you: press Try again.",
    });
    expect(cut.requests).toHaveLength(1);
    // The body never arrived whole: a queue's slot is not given back as if it had.
    expect(answered).toEqual([]);
  });

  it("a text answer cut half way is retried as before", async () => {
    vi.useFakeTimers();
    const cut = cutHalfWay();
    const error = await failure(settle(generateText({ target, model: TEXT_MODEL, parts: PARTS })));
    expect(error).toMatchObject({ kind: "offline", retryable: true });
    expect(cut.requests).toHaveLength(3);
  });

  it("offline before sending, nothing leaves: an image call says so like any call", async () => {
    vi.useFakeTimers();
    const fake = serve({ fixture: "image-success.json" });
    vi.stubGlobal("navigator", { onLine: false });
    try {
      const error = await failure(settle(generateImage(imageOptions({ maxAttempts: 1 }))));
      expect(error).toMatchObject({ kind: "offline", message: "Could not reach the AI service." });
      expect(error.advice).toMatch(/You seem to be offline/);
      expect(fake.requests).toHaveLength(0);
    } finally {
      vi.unstubAllGlobals();
    }
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
    // The person's own "Try again" is still the way on.
    expect(error.advice).toMatch(/may still have been made, but it did not reach you: press Try again/);
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("waits PAGE_IMAGE_TIMEOUT_MS (longer than the proxy's upstream timeout) per image attempt by default", async () => {
    vi.useFakeTimers();
    expect(PAGE_IMAGE_TIMEOUT_MS).toBe(270_000);
    serve({ hang: true });
    let outcome: unknown;
    generateImage(imageOptions({ maxAttempts: 1 })).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(PAGE_IMAGE_TIMEOUT_MS - 100);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome).toMatchObject({ kind: "timeout", retryable: false });
  });

  it("waits PAGE_TEXT_TIMEOUT_MS.analysis (90 s) per text attempt by default", async () => {
    vi.useFakeTimers();
    serve({ hang: true });
    let outcome: unknown;
    generateText({ target, model: TEXT_MODEL, parts: PARTS, maxAttempts: 1 }).catch(
      (e: unknown) => (outcome = e),
    );
    await vi.advanceTimersByTimeAsync(89_900);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(200);
    expect(outcome).toMatchObject({ kind: "timeout", retryable: true });
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
