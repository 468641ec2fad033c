/**
 * What each tool's run sends the local preview engine beside its prompt (docs/architecture.md "The local
 * preview engine"): its id in x-cucumber-tool and, in x-cucumber-tool-input, the values the engine's
 * handler needs, taken from the tool's own form values rather than from its prompt. The requests are
 * answered by the real engine (server/local-ai), so each check also shows the engine read the input.
 * The photo pipeline is replaced by a fixed prepared photo.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getVariant } from "@/config/variants";
import { animateCharacter, createCharacter } from "@/tools/animator/run-animator";
import { runArt } from "@/tools/art/run-art";
import { runCelebration } from "@/tools/celebrations/run-celebration";
import { runConversion } from "@/tools/styles/run-conversion";
import { toolRunContext } from "@/tools/run-context";
import { runScene } from "@/tools/scene/run-scene";
import type { LoadedImage, PreparedImage } from "@/lib/image";
import { handleLocalAiRequest } from "../../server/local-ai/engine";
import { server } from "../msw/server";

vi.mock("@/lib/image", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/image")>();
  const photo = readFileSync(path.resolve("tests/fixtures/images/coffee.png"));
  return {
    ...original,
    prepareImage: vi.fn((): Promise<PreparedImage> =>
      Promise.resolve({
        base64: photo.toString("base64"),
        mimeType: "image/png",
        width: 600,
        height: 400,
        bytes: photo.length,
        blob: new Blob([new Uint8Array(photo)], { type: "image/png" }),
      }),
    ),
  };
});

// Animate's sheet is cut and made a GIF in the browser; here only its request matters.
vi.mock("@/tools/animator/sprite-sheet", () => ({ splitSheet: vi.fn(async () => []) }));
vi.mock("@/tools/animator/gif", () => ({ encodeGif: vi.fn(() => new Uint8Array([0x47])) }));

const PHOTO = {} as LoadedImage;

type Sent = { tool: string | null; input: unknown; answer: string };

/** The local engine where dev and start mount it, answering for real; every request's headers kept. */
function localEngine(): Sent[] {
  const sent: Sent[] = [];
  server.use(
    http.post(`${window.location.origin}/__local-ai/*`, async ({ request }) => {
      const header = request.headers.get("x-cucumber-tool-input");
      const answer = await handleLocalAiRequest(request.clone());
      const body = (await answer.clone().json()) as {
        candidates?: { content: { parts: { text?: string }[] } }[];
      };
      sent.push({
        tool: request.headers.get("x-cucumber-tool"),
        input: header === null ? null : JSON.parse(decodeURIComponent(header)),
        answer: body.candidates?.[0]?.content.parts[0]?.text ?? `status ${answer.status}`,
      });
      return answer;
    }),
  );
  return sent;
}

beforeEach(() => {
  vi.stubEnv("VITE_AI_MODE", "");
  vi.stubEnv("VITE_GEMINI_API_KEY", "");
  vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "true");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A run of `tool` as its page makes one (no key typed: the local engine). */
const ctx = (tool: Parameters<typeof toolRunContext>[0]) =>
  toolRunContext(tool, "", { signal: new AbortController().signal, onRetryWait: () => {} });

describe("each tool names itself and sends the engine its input", () => {
  it("Modify Scene: the kind, the description, the place and whether a picture is added", async () => {
    const sent = localEngine();
    await runScene(
      { base: PHOTO, type: "text", description: "  Hello, 世界  ", position: "top-left", added: null },
      ctx("scene"),
    );
    await runScene(
      { base: PHOTO, type: "image", description: "a red box", position: null, added: PHOTO },
      ctx("scene"),
    );
    expect(sent).toEqual([
      {
        tool: "scene",
        input: { kind: "text", description: "Hello, 世界", position: "top-left", withAddedImage: false },
        answer: 'Local preview: text added at the top left of the scene ("Hello, 世界").',
      },
      {
        tool: "scene",
        input: { kind: "image", description: "a red box", withAddedImage: true },
        answer: 'Local preview: your picture added at the center of the scene ("a red box").',
      },
    ]);
  });

  it("Celebration Creator: the occasion's value and the description", async () => {
    const sent = localEngine();
    await runCelebration(
      {
        type: "new-baby",
        description: " Welcome, Mia! ",
        output: { shape: "1:1", size: "1K" },
        inspiration: null,
      },
      ctx("celebrations"),
    );
    expect(sent).toEqual([
      {
        tool: "celebrations",
        input: { occasion: "new-baby", description: "Welcome, Mia!" },
        answer: "Local preview: Welcome, Little One! card.",
      },
    ]);
  });

  it("Character Animator: which call it is, and the character's description", async () => {
    const sent = localEngine();
    const character = await createCharacter(
      { description: " a purple robot ", output: { shape: "1:1", size: "1K" } },
      ctx("animator"),
    );
    await animateCharacter({ character }, ctx("animator"));
    expect(sent).toEqual([
      {
        tool: "animator",
        input: { step: "character", description: "a purple robot" },
        answer: "Local preview: generated cartoon character applied.",
      },
      {
        tool: "animator",
        input: { step: "animate", description: "a purple robot" },
        answer: expect.stringMatching(/four-frame loop/),
      },
    ]);
  });

  it("Art Enhancer: its name alone (the picture is all the engine needs)", async () => {
    const sent = localEngine();
    await runArt({ image: PHOTO }, ctx("art"));
    expect(sent).toEqual([{ tool: "art", input: null, answer: expect.stringMatching(/artwork enhanced/) }]);
  });

  it("a style tool: the operation, and for a custom one the person's own words", async () => {
    const sent = localEngine();
    const hulk = getVariant("hulk");
    const first = await runConversion(
      { variant: hulk, image: PHOTO, operation: { kind: "first" } },
      ctx("hulk"),
    );
    await runConversion(
      { variant: hulk, image: PHOTO, operation: { kind: "recreate", lastPrompt: first.prompt } },
      ctx("hulk"),
    );
    await runConversion(
      {
        variant: hulk,
        image: PHOTO,
        operation: { kind: "custom", userPrompt: "  make it a Simpsons episode  " },
      },
      ctx("hulk"),
    );
    expect(sent).toEqual([
      // The prompt analysis: a text call, named, with nothing more for the engine.
      {
        tool: "hulk",
        input: null,
        answer: expect.stringMatching(/^A dim landscape photo/),
      },
      { tool: "hulk", input: { operation: "first" }, answer: "Local preview: Hulk style applied." },
      { tool: "hulk", input: { operation: "recreate" }, answer: "Local preview: Hulk style applied." },
      {
        tool: "hulk",
        input: { operation: "custom", words: "make it a Simpsons episode" },
        answer: "Local preview: Simpsons style applied.",
      },
    ]);
  });
});
