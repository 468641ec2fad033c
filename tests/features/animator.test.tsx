import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANIMATION_PROMPT, characterPrompt } from "@/config/prompts";
import { listCreations } from "@/lib/creations";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { fixtureJson, fixtureText, GEMINI_BASE_URL, type GeminiFixtureName } from "../msw/gemini";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { installCanvasStubs } from "../stubs/canvas";
import { renderApp } from "../utils";
import { readGif } from "./animator-gif";
import { holdRetryWaits, instantRetryWaits, passRetryWaits } from "./retry-waits";

// A lazy page, canvas stand-ins and the GIF encoder: more than the default 5 s on a busy 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const USER = makeUser();
const DESCRIPTION = "a friendly purple robot with a yellow hat";

instantRetryWaits();

type Reply = GeminiFixtureName | "network-error" | "hang" | { status: number; body: string };
type Call = {
  model: string;
  body: {
    contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
    generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
  };
};

/** Fake Gemini answering the image model with `replies` in order (the last one repeats). */
function fakeGemini(replies: Reply[], latencyMs = 0) {
  const calls: Call[] = [];
  server.use(
    http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, async ({ request }) => {
      const model = decodeURIComponent(/models\/([^/:]+):generateContent/.exec(request.url)?.[1] ?? "");
      calls.push({ model, body: (await request.json()) as Call["body"] });
      if (latencyMs) await delay(latencyMs);
      const reply = replies[Math.min(calls.length - 1, replies.length - 1)]!;
      if (reply === "network-error") return HttpResponse.error();
      if (reply === "hang") return delay("infinite").then(() => HttpResponse.error());
      if (typeof reply === "object")
        return new HttpResponse(reply.body, {
          status: reply.status,
          headers: { "Content-Type": "text/html" },
        });
      const status = /^error-(\d{3})-/.exec(reply)?.[1];
      return new HttpResponse(fixtureText(reply), {
        status: status ? Number(status) : 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}

/**
 * jsdom has no canvas: on top of the shared stand-ins (decoding reports the PNG header's size), a
 * 2D context whose pixels are a colour per quarter of the sheet drawn, so the four frames differ and
 * the GIF encoder gets real pixels.
 */
const QUARTER_COLOURS: Record<string, [number, number, number]> = {
  "0,0": [220, 40, 40],
  "1,0": [40, 200, 60],
  "0,1": [40, 80, 220],
  "1,1": [240, 200, 30],
};
class PixelCanvas {
  private colour: [number, number, number] = [0, 0, 0];
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return {
      imageSmoothingEnabled: true,
      imageSmoothingQuality: "high",
      drawImage: (_src: unknown, sx: number, sy: number) => {
        this.colour = QUARTER_COLOURS[`${sx > 0 ? 1 : 0},${sy > 0 ? 1 : 0}`]!;
      },
      getImageData: (_x: number, _y: number, w: number, h: number) => {
        const data = new Uint8ClampedArray(w * h * 4);
        for (let i = 0; i < data.length; i += 4) data.set([...this.colour, 255], i);
        return { data, width: w, height: h };
      },
    };
  }
  async convertToBlob() {
    return new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, ...this.colour])], { type: "image/png" });
  }
}

let downloads: { name: string; href: string }[] = [];
let blobs: Map<string, Blob>;
let restoreCanvas: () => void;

beforeEach(() => {
  restoreCanvas = installCanvasStubs();
  const g = globalThis as unknown as Record<string, unknown>;
  const savedCanvas = g.OffscreenCanvas;
  g.OffscreenCanvas = PixelCanvas;
  const restoreShared = restoreCanvas;
  restoreCanvas = () => {
    g.OffscreenCanvas = savedCanvas;
    restoreShared();
  };
  vi.stubEnv("VITE_GEMINI_API_KEY", "test-default-key");
  vi.stubEnv("VITE_GEMINI_BASE_URL", GEMINI_BASE_URL);
  downloads = [];
  blobs = new Map();
  let n = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:test/${++n}`;
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  restoreCanvas();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function signedIn() {
  storeSession();
  server.use(subscriptionHandler(null));
}

async function openPage() {
  const view = renderApp("/animator");
  await screen.findByRole("heading", { level: 1, name: "Character Animator" });
  return view;
}

async function describeCharacter(words = DESCRIPTION) {
  const user = userEvent.setup();
  const field = screen.getByRole("textbox", { name: "Character description" });
  await user.clear(field);
  if (words) {
    await user.click(field);
    await user.paste(words);
  }
  return user;
}

async function createCharacter(words = DESCRIPTION) {
  const user = await describeCharacter(words);
  await user.click(screen.getByRole("button", { name: "Create Character" }));
  return user;
}

async function downloaded(name: string): Promise<Uint8Array> {
  const entry = downloads.findLast((d) => d.name === name);
  if (!entry) throw new Error(`no download named ${name}`);
  const blob = blobs.get(entry.href);
  if (!blob) throw new Error(`no blob behind ${entry.href}`);
  // jsdom's Blob has no arrayBuffer(); FileReader reads it.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const counter = () => screen.getByTestId("remaining-counter");

describe("Character Animator (/animator)", () => {
  it("shows the form, the empty result panel, the counter and what a run costs", async () => {
    signedIn();
    await openPage();
    const field = screen.getByRole("textbox", { name: "Character description" });
    expect(field).toBeRequired();
    expect(screen.getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Aspect ratio" })).toHaveTextContent("Square (1:1)");
    expect(screen.getByRole("button", { name: "Create Character" })).toBeEnabled();
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 3 left this month.",
    );
    expect(screen.queryByRole("button", { name: "Download" })).not.toBeInTheDocument();
  });

  it.each([
    ["an empty", ""],
    ["a whitespace-only", "   "],
  ])("%s prompt: the toast 'Please enter a prompt' and nothing sent", async (_name, words) => {
    signedIn();
    const calls = fakeGemini(["image-success.json"]);
    await openPage();
    await createCharacter(words);
    expect(await screen.findByText("Please enter a prompt")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
  });

  it("creates a character: the real prompt at the chosen aspect ratio, the image and its text, one conversion, the PNG download", async () => {
    signedIn();
    const calls = fakeGemini(["image-success.json"], 800);
    await openPage();
    const user = await describeCharacter();
    await user.click(screen.getByRole("combobox", { name: "Aspect ratio" }));
    await user.click(await screen.findByRole("option", { name: "Landscape (16:9)" }));
    await user.click(screen.getByRole("button", { name: "Create Character" }));

    expect(await screen.findByRole("dialog", { name: "Generating Character Styles..." })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generating..." })).toBeDisabled();
    const image = await screen.findByRole("img", { name: `Generated character: ${DESCRIPTION}` });
    expect(image).toHaveAttribute("src", expect.stringMatching(/^data:image\/png;base64,/));
    expect(screen.getByText("Here is your image with one cucumber added.")).toBeInTheDocument();
    expect(await screen.findByText("Character created successfully!")).toBeInTheDocument();
    expect(screen.queryByText("Your character will appear here")).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(counter()).toHaveTextContent("Remaining conversions: 2 / 3");

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.model).toBe("gemini-nano-banana-2.1");
    expect(call!.body.contents[0]!.parts).toEqual([{ text: characterPrompt(DESCRIPTION) }]);
    expect(call!.body.generationConfig).toEqual({
      responseModalities: ["TEXT", "IMAGE"],
      imageConfig: { aspectRatio: "16:9" },
    });

    await user.click(screen.getByRole("button", { name: "Download" }));
    expect(downloads.at(-1)?.name).toBe("animated-character.png");
    const png = await downloaded("animated-character.png");
    expect(Array.from(png.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const fixtureImage = (
      fixtureJson("image-success.json") as {
        candidates: { content: { parts: { inlineData?: { data: string } }[] } }[];
      }
    ).candidates[0]!.content.parts.find((p) => p.inlineData)!.inlineData!.data;
    expect(png.length).toBe(atob(fixtureImage).length);
  });

  it("a double click on Create Character sends one request and counts one", async () => {
    signedIn();
    const calls = fakeGemini(["image-success.json"], 150);
    await openPage();
    const user = await describeCharacter();
    await user.dblClick(screen.getByRole("button", { name: "Create Character" }));
    await screen.findByText("Character created successfully!");
    expect(calls).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("animates the character: one request with the character image, four frames playing, the GIF download, one more conversion", async () => {
    signedIn();
    const calls = fakeGemini(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));

    const player = await screen.findByRole("img", { name: "Animated character" });
    expect(await screen.findByText("Animation ready!")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(counter()).toHaveTextContent("Remaining conversions: 1 / 3");

    expect(calls).toHaveLength(2);
    const parts = calls[1]!.body.contents[0]!.parts;
    expect(parts[0]).toEqual({ text: ANIMATION_PROMPT });
    const sentCharacter = screen.getByRole("img", { name: `Generated character: ${DESCRIPTION}` });
    expect(`data:${parts[1]!.inlineData!.mimeType};base64,${parts[1]!.inlineData!.data}`).toBe(
      sentCharacter.getAttribute("src"),
    );
    expect(calls[1]!.body.generationConfig?.imageConfig).toEqual({ aspectRatio: "1:1" });

    // It plays: the frame shown moves on by itself.
    const first = player.getAttribute("data-frame");
    await waitFor(() => expect(player.getAttribute("data-frame")).not.toBe(first), { timeout: 2000 });
    // Pause stops it; a frame can then be picked.
    await user.click(screen.getByRole("button", { name: "Pause animation" }));
    const frames = within(screen.getByRole("list", { name: "Frames" }));
    await user.click(frames.getByRole("button", { name: "Show frame 3 of 4" }));
    expect(player).toHaveAttribute("data-frame", "3");
    expect(frames.getByRole("button", { name: "Show frame 3 of 4" })).toHaveAttribute("aria-current", "true");
    await new Promise((r) => setTimeout(r, 400));
    expect(player).toHaveAttribute("data-frame", "3");
    // The four quarters of the sheet are four different frames.
    const urls = Array.from(screen.getByRole("list", { name: "Frames" }).querySelectorAll("img")).map((img) =>
      img.getAttribute("src"),
    );
    expect(new Set(urls).size).toBe(4);
    expect(screen.getByRole("button", { name: "Play animation" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Download GIF" }));
    const gif = readGif(await downloaded("animated-character.gif"));
    expect(gif.version).toBe("GIF89a");
    expect(gif.frames).toBe(4);
    expect(gif.loopCount).toBe(0);
    expect([gif.width, gif.height]).toEqual([8, 8]);
  });

  it("a reload shows the last character with its animation again (from My Creations); nothing is sent or counted", async () => {
    signedIn();
    const calls = fakeGemini(["image-success.json"]);
    const first = await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));
    await screen.findByText("Animation ready!");
    // The GIF is kept with the character as its original.
    await waitFor(async () => {
      const kept = (await listCreations(USER.id, { tool: "animator" })).items;
      expect(kept.map((r) => [r.kind, r.hasOriginal])).toEqual([
        ["gif", true],
        ["image", false],
      ]);
    });
    act(() => first.unmount());

    await openPage();
    const character = await screen.findByRole("img", { name: `Generated character: ${DESCRIPTION}` });
    expect(character.getAttribute("src")).toMatch(/^data:image\//);
    expect(await screen.findByRole("img", { name: "Animated character" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download GIF" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Animate" })).toBeEnabled();
    expect(calls).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("with reduced motion asked for, the frames are shown side by side and nothing plays", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation(
      (query: string) =>
        ({
          matches: query.includes("prefers-reduced-motion"),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    signedIn();
    fakeGemini(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));
    for (const n of [1, 2, 3, 4]) {
      expect(await screen.findByRole("img", { name: `Frame ${n} of 4` })).toBeInTheDocument();
    }
    expect(screen.queryByRole("img", { name: "Animated character" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pause animation" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download GIF" })).toBeEnabled();
  });

  it("a failed animation keeps the character, says what happened, counts nothing; Try again animates", async () => {
    signedIn();
    const calls = fakeGemini(["image-success.json", "finish-no-image.json", "image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Failed to animate character: No image returned from API");
    expect(
      await screen.findByText("Failed to animate character: No image returned from API"),
    ).toBeInTheDocument();
    expect(screen.getByRole("img", { name: `Generated character: ${DESCRIPTION}` })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);

    await user.click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Animated character" })).toBeInTheDocument();
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.body.contents[0]!.parts[0]).toEqual({ text: ANIMATION_PROMPT });
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("Create New clears the form and the result", async () => {
    signedIn();
    fakeGemini(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Create New" }));
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Character description" })).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Download" })).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);
  });
});

describe("every failure class: the spec's message, the description kept, nothing counted", () => {
  it.each<[string, Reply, string]>([
    ["bad key", "error-400-api-key-invalid.json", "API error: API key not valid"],
    ["leaked key", "error-403-key-leaked.json", "API error: "],
    ["retired model", "error-404-model-not-found.json", "API error: "],
    ["daily quota", "error-429-daily-quota.json", "API error: "],
    ["image blocked", "finish-image-safety.json", "No image returned from API"],
    ["no image", "finish-no-image.json", "No image returned from API"],
    ["no candidates", "no-candidates.json", "No image returned from API"],
    ["prompt blocked", "prompt-blocked.json", "No image returned from API"],
    ["words instead of an image", "text-instead-of-image.json", "No image returned from API"],
    [
      "a body that is not JSON",
      { status: 502, body: "<html>Bad gateway</html>" },
      "API error: Unknown error",
    ],
  ])("%s", async (_name, reply, reason) => {
    signedIn();
    const calls = fakeGemini([reply]);
    await openPage();
    await createCharacter();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(`Failed to generate character: ${reason}`);
    expect(banner.querySelector("[data-slot=alert-description] p")?.textContent?.length).toBeGreaterThan(20);
    expect(
      await screen.findByText((text) => text.startsWith(`Failed to generate character: ${reason}`), {
        selector: "[data-sonner-toast] *",
      }),
    ).toBeInTheDocument();
    expect(within(banner).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Character description" })).toHaveValue(DESCRIPTION);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(calls.length).toBeGreaterThanOrEqual(1);
  });

  it("the AI overloaded then fine: a visible wait, one result, counted once", async () => {
    signedIn();
    const calls = fakeGemini(["error-503-overloaded.json", "image-success.json"]);
    await openPage();
    holdRetryWaits();
    await createCharacter();
    expect(await screen.findByText(/Trying again in \d+ s/)).toBeInTheDocument();
    passRetryWaits();
    expect(
      await screen.findByRole("img", { name: `Generated character: ${DESCRIPTION}` }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("rate limited: Cancel during the wait stops it and counts nothing", async () => {
    signedIn();
    const calls = fakeGemini(["error-429-quota.json"]);
    await openPage();
    holdRetryWaits();
    const user = await createCharacter();
    expect(await screen.findByText(/Trying again in 7 s/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(
      await screen.findByText("Character generation cancelled. Nothing was counted."),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("button", { name: "Create Character" })).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Character description" })).toHaveValue(DESCRIPTION);
  });

  it("Escape cancels a request in flight; leaving the page cancels too", async () => {
    signedIn();
    fakeGemini(["hang"]);
    const view = await openPage();
    const user = await createCharacter();
    expect(await screen.findByRole("dialog", { name: "Generating Character Styles..." })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(
      await screen.findByText("Character generation cancelled. Nothing was counted."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Character" }));
    expect(await screen.findByRole("dialog", { name: "Generating Character Styles..." })).toBeInTheDocument();
    act(() => view.unmount());
    await new Promise((r) => setTimeout(r, 50));
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("offline: says so and counts nothing", async () => {
    signedIn();
    fakeGemini(["network-error"]);
    await openPage();
    await createCharacter();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Failed to generate character: Could not reach the AI service.");
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("without any key or local engine: the no-key message, nothing sent", async () => {
    signedIn();
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    const calls = fakeGemini(["image-success.json"]);
    await openPage();
    await createCharacter();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(
      "No API key provided. Please enter a Google Gemini API key.",
    );
    expect(calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("at the limit: sent to pricing, nothing sent", async () => {
    storeSession();
    localStorage.setItem(
      "conversionUsage",
      JSON.stringify({ [USER.id]: { [new Date().toISOString().slice(0, 7)]: 2 } }),
    );
    server.use(subscriptionHandler(null));
    const calls = fakeGemini(["image-success.json"]);
    const { router } = await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    expect(getUsedConversions(USER.id)).toBe(3);
    await user.click(screen.getByRole("button", { name: "Animate" }));
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(calls).toHaveLength(1);
  });
});
