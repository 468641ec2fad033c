/**
 * The Gemini calls of the style tools and the poem, as the tools make them (run-conversion.ts,
 * run-poem.ts), checked against docs/gemini.md: what an image call sends, and how long a text call to a
 * thinking model is given. The photo pipeline is replaced by a fixed prepared photo.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VARIANTS, type Variant } from "@/config/variants";
import { PHOTOS_TOO_LARGE, runConversion, type Operation } from "@/tools/styles/run-conversion";
import { runPoem } from "@/tools/poetry/run-poem";
import { runArt } from "@/tools/art/run-art";
import { runScene } from "@/tools/scene/run-scene";
import { runCelebration } from "@/tools/celebrations/run-celebration";
import { animateCharacter, createCharacter } from "@/tools/animator/run-animator";
import type { ImageOutput } from "@/config/image-output";
import type { ToolId } from "@/tools/registry";
import { toolRunContext } from "@/tools/run-context";
import { isGeminiError } from "@/lib/gemini";
import { prepareImage, type LoadedImage, type PreparedImage } from "@/lib/image";
import { server } from "../../msw/server";
import { GEMINI_BASE_URL } from "../../msw/gemini";
import { fakeImageModel } from "../../features/fake-image-model";
import { geminiStreamHandler, sseOf, textChunk } from "../../msw/gemini-stream";

vi.mock("@/lib/image", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/image")>();
  return {
    ...original,
    prepareImage: vi.fn((): Promise<PreparedImage> =>
      Promise.resolve({
        base64: "/9j/4AAQSkZJRg==",
        mimeType: "image/jpeg",
        width: 1024,
        height: 768,
        bytes: 60_000,
        blob: new Blob(["jpeg"], { type: "image/jpeg" }),
      }),
    ),
  };
});

const KEY = "AIzaTestKey-0123456789";
const IMAGE = {} as LoadedImage;
const SAMPLING = ["temperature", "topK", "topP", "maxOutputTokens", "top_k", "top_p", "max_output_tokens"];

/** A poem as the page asks for one, with KEY and `signal`. */
function poem(signal = new AbortController().signal) {
  return runPoem({ image: IMAGE }, toolRunContext("poetry", KEY, { signal, onRetryWait: () => {} }));
}

function convert(variant: Variant, operation: Operation, signal = new AbortController().signal) {
  return runConversion(
    { variant, image: IMAGE, operation },
    toolRunContext(variant.id, KEY, { signal, onRetryWait: () => {} }),
  );
}

beforeEach(() => {
  vi.stubEnv("VITE_GEMINI_BASE_URL", GEMINI_BASE_URL);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("style tools' image calls", () => {
  it.each(VARIANTS.map((v) => [v.id, v] as const))(
    "%s sends no sampling parameters and no output cap, first or recreated",
    async (_, variant) => {
      const gemini = fakeImageModel(["image-success.json"]);
      await convert(variant, { kind: "first" });
      await convert(variant, { kind: "recreate", lastPrompt: "Redraw it." });
      await convert(variant, { kind: "custom", userPrompt: "Make it snow." });
      const calls = gemini.imageCalls();
      expect(calls).toHaveLength(3);
      for (const call of calls) {
        expect(call.body.generationConfig?.responseModalities).toEqual(["TEXT", "IMAGE"]);
        for (const name of SAMPLING) expect(call.body.generationConfig).not.toHaveProperty(name);
      }
    },
  );
});

describe("Convert Anything with more photos (issue 29 §2)", () => {
  const cucumber = VARIANTS.find((v) => v.id === "cucumber")!;
  const prepared = (base64: string): PreparedImage => ({
    base64,
    mimeType: "image/jpeg",
    width: 1024,
    height: 768,
    bytes: Math.round((base64.length * 3) / 4),
    blob: new Blob(["jpeg"], { type: "image/jpeg" }),
  });
  const extras = [{} as LoadedImage, {} as LoadedImage];
  const withExtras = () =>
    runConversion(
      {
        variant: cucumber,
        image: IMAGE,
        operation: { kind: "custom", userPrompt: "Put the hat from photo 2 on him." },
        extras,
      },
      toolRunContext("cucumber", KEY, { signal: new AbortController().signal, onRetryWait: () => {} }),
    );

  it("sends the main photo, then the others in their order, and the words say which is which", async () => {
    const gemini = fakeImageModel(["image-success.json"]);
    vi.mocked(prepareImage)
      .mockResolvedValueOnce(prepared("TUFJTg=="))
      .mockResolvedValueOnce(prepared("VFdP"))
      .mockResolvedValueOnce(prepared("VEhSRUU="));
    await withExtras();
    const [call] = gemini.imageCalls();
    const parts = call!.body.contents[0]!.parts;
    expect(parts.map((p) => p.inlineData?.data)).toEqual([undefined, "TUFJTg==", "VFdP", "VEhSRUU="]);
    expect(parts[0]!.text).toContain(
      "Photo 1 is the main photo, the one to change; Photo 2 and Photo 3 are further photos",
    );
    expect(parts[0]!.text).toContain("Put the hat from photo 2 on him.");
  });

  it("a set too large for one request is said, with the photo to remove, and nothing is sent", async () => {
    const gemini = fakeImageModel(["image-success.json"]);
    const big = "A".repeat(8 * 1024 * 1024);
    vi.mocked(prepareImage)
      .mockResolvedValueOnce(prepared(big))
      .mockResolvedValueOnce(prepared(big.slice(1)))
      .mockResolvedValueOnce(prepared(big));
    const error: unknown = await withExtras().catch((e: unknown) => e);
    expect(isGeminiError(error) && error.message).toBe(PHOTOS_TOO_LARGE);
    expect(isGeminiError(error) && error.advice).toMatch(
      /^Together they come to 24\.0 MB, and one request takes at most 20\.0 MB: remove Photo 3, or use fewer photos\. Nothing was sent or counted\.$/,
    );
    expect(gemini.imageCalls()).toHaveLength(0);
  });
});

describe("every image tool sends the shape and size chosen (issue 28)", () => {
  const ctx = (tool: ToolId) =>
    toolRunContext(tool, KEY, { signal: new AbortController().signal, onRetryWait: () => {} });
  const WIDE_4K: ImageOutput = { shape: "16:9", size: "4K" };
  const imageConfigs = async (run: () => Promise<unknown>) => {
    const gemini = fakeImageModel(["image-success.json"]);
    await run();
    return gemini.imageCalls().map((call) => call.body.generationConfig?.imageConfig);
  };

  it.each(VARIANTS.map((v) => [v.id, v] as const))("%s: first, recreated and custom", async (_, variant) => {
    const output: ImageOutput = { shape: "4:5", size: "2K" };
    const configs = await imageConfigs(async () => {
      for (const operation of [
        { kind: "first" },
        { kind: "recreate", lastPrompt: "Redraw it." },
        { kind: "custom", userPrompt: "Make it snow." },
      ] as const)
        await runConversion({ variant, image: IMAGE, operation, output }, ctx(variant.id));
    });
    expect(configs).toEqual(Array(3).fill({ aspectRatio: "4:5", imageSize: "2K" }));
  });

  it("'Same as photo' at 1K asks for nothing: the model keeps the photo's shape, at its default size", async () => {
    const hulk = VARIANTS.find((v) => v.id === "hulk")!;
    const configs = await imageConfigs(() =>
      runConversion(
        { variant: hulk, image: IMAGE, operation: { kind: "first" }, output: { shape: "same", size: "1K" } },
        ctx("hulk"),
      ),
    );
    expect(configs).toEqual([undefined]);
  });

  it("Create Art, Modify Scene and Celebrations", async () => {
    const configs = await imageConfigs(async () => {
      await runArt({ image: IMAGE, output: WIDE_4K }, ctx("art"));
      await runScene(
        {
          base: IMAGE,
          type: "text",
          description: "Happy birthday",
          position: null,
          added: null,
          output: WIDE_4K,
        },
        ctx("scene"),
      );
      await runCelebration(
        { type: "birthday", description: "Cake", output: WIDE_4K, inspiration: null },
        ctx("celebrations"),
      );
    });
    expect(configs).toEqual(Array(3).fill({ aspectRatio: "16:9", imageSize: "4K" }));
  });

  it("the Animator's character at its shape and size, its four-frame sheet at the character's shape and 1K", async () => {
    const configs = await imageConfigs(async () => {
      const character = await createCharacter({ description: "a robot", output: WIDE_4K }, ctx("animator"));
      await animateCharacter({ character }, ctx("animator")).catch(() => undefined);
    });
    expect(configs).toEqual([{ aspectRatio: "16:9", imageSize: "4K" }, { aspectRatio: "16:9" }]);
  });
});

describe("text calls are given the time a thinking model needs", () => {
  it("the prompt analysis is still waited for after 30 s, and falls back only after 90 s", async () => {
    vi.useFakeTimers();
    const cucumber = VARIANTS.find((v) => v.id === "cucumber")!;
    const gemini = fakeImageModel(["image-success.json"], { text: "hang" });
    const run = convert(cucumber, { kind: "first" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gemini.textCalls()).toHaveLength(1);
    expect(gemini.imageCalls()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30_500);
    const result = await run;
    expect(result.prompt).toBe(cucumber.analysis!.fallback);
    // The analysis is not asked twice: a slow answer falls back at once.
    expect(gemini.textCalls()).toHaveLength(1);
    expect(gemini.imageCalls()).toHaveLength(1);
  });

  it("a poem's first piece is waited for 120 s (the model thinks before it writes)", async () => {
    vi.useFakeTimers();
    const fake = geminiStreamHandler({ hang: true });
    server.use(fake.handler);
    const controller = new AbortController();
    let outcome: unknown;
    poem(controller.signal).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(100_000);
    expect(fake.requests).toHaveLength(1);
    expect(outcome).toBeUndefined();
    // After 120 s the attempt times out and the poem's own retry (1 s later) asks again.
    await vi.advanceTimersByTimeAsync(21_500);
    expect(fake.requests).toHaveLength(2);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome).toMatchObject({ kind: "cancelled" });
  });
});

describe("the poem and an error inside its stream", () => {
  it("a refused key sent as bare JSON mid-stream fails at once with that error, not an early end", async () => {
    const leaked =
      '{"error":{"code":403,"message":"Your API key was reported as leaked. Please use another API key.","status":"PERMISSION_DENIED"}}\n';
    const fake = geminiStreamHandler({ sse: { raw: `${sseOf([textChunk("Red sky,\n")])}${leaked}` } });
    server.use(fake.handler);
    const error = await poem().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isGeminiError(error) && error.kind).toBe("key-denied");
    expect(error).toMatchObject({
      message: "API error: Your API key was reported as leaked. Please use another API key.",
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("an overloaded model mid-stream is retried as overloaded, and reported so", async () => {
    vi.useFakeTimers();
    const fake = geminiStreamHandler({ sse: "stream-error-bare-503.sse" });
    server.use(fake.handler);
    let outcome: unknown;
    poem().catch((e: unknown) => (outcome = e));
    for (let i = 0; i < 50 && outcome === undefined; i++) await vi.advanceTimersByTimeAsync(100);
    expect(outcome).toMatchObject({
      kind: "overloaded",
      status: 503,
      message: "API error: The model is overloaded. Please try again later.",
    });
    expect(fake.requests).toHaveLength(3);
  });
});
