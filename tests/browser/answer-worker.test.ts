/**
 * A large image answer is read by the image worker (issue 28 §2, bench:variants): its JSON parsed and its
 * base64 decoded there, so the page gets a Blob and never holds the megabytes of base64. The picture is
 * the model's bytes whichever side read it, and the page reads it itself when the worker cannot.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { generateImage, WORKER_ANSWER_BYTES } from "@/lib/gemini/client";
import { configureImageWorker, imageWorkerStatus } from "@/lib/image/worker-client";

afterEach(() => {
  vi.unstubAllGlobals();
  configureImageWorker({ enabled: true });
});

/** A PNG-typed answer of `size` bytes (a pattern, so a shifted or truncated copy shows). */
function picture(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) & 255;
  return bytes;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** generateImage against an answer carrying `bytes`; what came back and how many calls the worker answered. */
async function answered(bytes: Uint8Array) {
  const body = JSON.stringify({
    candidates: [
      {
        content: {
          role: "model",
          parts: [{ text: "Here it is." }, { inlineData: { mimeType: "image/png", data: base64(bytes) } }],
        },
        finishReason: "STOP",
      },
    ],
  });
  vi.stubGlobal("fetch", async () => new Response(body, { headers: { "Content-Type": "application/json" } }));
  const before = imageWorkerStatus().served;
  const result = await generateImage({
    target: { source: "user-key", baseUrl: "https://gemini.test", apiKey: "key" },
    model: "gemini-test-image",
    parts: [{ text: "Make it green." }],
  });
  return { result, served: imageWorkerStatus().served - before, body: body.length };
}

async function sameBytes(blob: Blob, bytes: Uint8Array) {
  const got = new Uint8Array(await blob.arrayBuffer());
  expect(got.length).toBe(bytes.length);
  expect(got.every((b, i) => b === bytes[i])).toBe(true);
}

describe("reading an image answer", () => {
  it("a large answer is read in the worker: the page gets the model's bytes as a Blob", async () => {
    const bytes = picture(3 * 1024 * 1024);
    const { result, served, body } = await answered(bytes);
    expect(body).toBeGreaterThan(WORKER_ANSWER_BYTES);
    expect(served).toBe(1);
    expect(result.blob.type).toBe("image/png");
    expect(result.text).toBe("Here it is.");
    await sameBytes(result.blob, bytes);
  });

  it("a small answer is read on the page, as without a worker", async () => {
    const bytes = picture(1024);
    const { result, served } = await answered(bytes);
    expect(served).toBe(0);
    await sameBytes(result.blob, bytes);
  });

  it("without the worker (off, or its script broken) the page reads a large answer itself", async () => {
    const bytes = picture(3 * 1024 * 1024);
    configureImageWorker({ enabled: false });
    const off = await answered(bytes);
    expect(off.served).toBe(0);
    await sameBytes(off.result.blob, bytes);

    const broken = URL.createObjectURL(
      new Blob(["throw new Error('broken worker')"], { type: "text/javascript" }),
    );
    configureImageWorker({ create: () => new Worker(broken) });
    const failed = await answered(bytes);
    expect(failed.served).toBe(0);
    await sameBytes(failed.result.blob, bytes);
    expect(imageWorkerStatus().state).toBe("failed");
    URL.revokeObjectURL(broken);
  });
});
