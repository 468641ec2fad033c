/// <reference types="node" />
import fs from "node:fs";
import path from "node:path";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TierId } from "@/config/tiers";
import { RECREATE_SUFFIX, VARIANTS, type Variant } from "@/config/variants";
import { getUsedConversions, USAGE_STORAGE_KEY } from "@/lib/usage";
import { server } from "../msw/server";
import { fixtureText, GEMINI_BASE_URL, type GeminiFixtureName } from "../msw/gemini";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";
import { toolPageEnvironment } from "./tool-kit";

const USER = makeUser();
const TEXT_MODEL = "gemini-3.8-flash";
const IMAGE_MODEL = "gemini-nano-banana-2.1";

function fixtureFile(name: string, type = "image/png") {
  const bytes = fs.readFileSync(path.resolve("tests/fixtures/images", name));
  return new File([bytes], name, { type });
}

type ImageReply = GeminiFixtureName | { status: number; body: string } | "network-error";
type Captured = {
  model: string;
  body: {
    contents: { parts: { text?: string; inlineData?: { mimeType: string } }[] }[];
    generationConfig?: Record<string, unknown>;
  };
  key: string | null;
  url: string;
};

/** Fake Gemini: the text model answers the analysis; the image model answers `replies` in order. */
function fakeGemini(
  replies: ImageReply[],
  textReply: GeminiFixtureName | "error" = "text-success.json",
  latencyMs = 0,
) {
  const calls: Captured[] = [];
  let imageCalls = 0;
  server.use(
    http.post(`${GEMINI_BASE_URL}/v1beta/models/*`, async ({ request }) => {
      const url = new URL(request.url);
      const model = decodeURIComponent(/models\/([^/:]+):generateContent/.exec(url.pathname)?.[1] ?? "");
      calls.push({
        model,
        body: (await request.json()) as Captured["body"],
        key: request.headers.get("x-goog-api-key"),
        url: request.url,
      });
      if (model === TEXT_MODEL) {
        if (textReply === "error")
          return HttpResponse.json(
            { error: { code: 500, message: "boom", status: "INTERNAL" } },
            { status: 500 },
          );
        return new HttpResponse(fixtureText(textReply), { headers: { "Content-Type": "application/json" } });
      }
      if (latencyMs) await delay(latencyMs);
      const reply = replies[Math.min(imageCalls, replies.length - 1)]!;
      imageCalls += 1;
      if (reply === "network-error") return HttpResponse.error();
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
  return { calls, imageCalls: () => calls.filter((c) => c.model === IMAGE_MODEL) };
}

// Canvas stand-ins, the default key and the fake Gemini's URL, no local engine (the backend tests' dev
// server sets it for the whole run), and downloads captured.
const env = toolPageEnvironment();

function signedIn(tier: TierId | null = null, used = 0) {
  storeSession();
  if (used) localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthNow()]: used } }));
  server.use(subscriptionHandler(tier));
}

function monthNow() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

async function openPage(variant: Variant) {
  const view = renderApp(variant.path);
  await screen.findByRole("heading", { level: 1, name: variant.title });
  return view;
}

async function upload(file = fixtureFile("portrait-astronaut.png")) {
  const input = await screen.findByTestId("file-input");
  await userEvent.setup().upload(input, file);
}

const resultName = (v: Variant) => (v.layout === "skeleton" ? "Skeleton" : "Modified");

describe.each(VARIANTS)("$title ($path)", (variant) => {
  it("shows its title, description, cross-links and footer", async () => {
    signedIn();
    await openPage(variant);
    expect(screen.getAllByText(variant.description).length).toBeGreaterThan(0);
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
    const links = within(screen.getByRole("navigation", { name: "Other styles" }));
    for (const other of VARIANTS.filter((v) => v.id !== variant.id)) {
      expect(links.getByRole("link", { name: `Try ${other.title}` })).toHaveAttribute("href", other.path);
    }
    const footer = document.querySelector("footer");
    if (variant.footer) expect(footer).toHaveTextContent(variant.footer.join(""));
    else expect(footer).toBeNull();
  });

  it("converts a photo: overlay, result, toast, one conversion counted, download named right", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"]);
    await openPage(variant);
    await upload();
    expect(await screen.findByRole("dialog", { name: variant.overlay.title })).toHaveTextContent(
      variant.overlay.text,
    );
    expect(await screen.findByRole("img", { name: resultName(variant) })).toHaveAttribute(
      "src",
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    expect(await screen.findByText(variant.toasts.success)).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: variant.overlay.title })).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);

    await userEvent.setup().click(screen.getByRole("button", { name: "Download" }));
    expect(env.downloads().at(-1)?.name).toBe(variant.downloadName);

    const [image] = gemini.imageCalls();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(image!.key).toBe("test-default-key");
    expect(image!.url).not.toContain("test-default-key");
    const parts = image!.body.contents[0]!.parts;
    expect(parts[0]!.text).toContain(variant.analysis?.prefix ?? variant.prompt({ bytes: 22 }).slice(0, 40));
    expect(parts[1]!.inlineData?.mimeType).toBe("image/jpeg");
    expect(image!.body.generationConfig?.responseModalities).toEqual(["TEXT", "IMAGE"]);
    for (const [key, value] of Object.entries(variant.generationConfig ?? {})) {
      expect(image!.body.generationConfig?.[key]).toBe(value);
    }
    const analysis = gemini.calls.filter((c) => c.model === TEXT_MODEL);
    expect(analysis).toHaveLength(variant.analysis ? 1 : 0);
  });
});

describe("prompt analysis", () => {
  it("on the cucumber page appends the analysis to the fixed one-cucumber instruction", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"]);
    await openPage(VARIANTS[0]!);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    const prompt = gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text!;
    expect(prompt.startsWith(VARIANTS[0]!.analysis!.prefix!)).toBe(true);
    expect(prompt.length).toBeGreaterThan(VARIANTS[0]!.analysis!.prefix!.length + 5);
  });

  it("falls back to the fixed prompt silently when the analysis fails", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"], "error");
    await openPage(VARIANTS[0]!);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    expect(gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text).toBe(VARIANTS[0]!.analysis!.fallback);
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
  });
});

const hulk = VARIANTS.find((v) => v.id === "hulk")!;
const frog = VARIANTS.find((v) => v.id === "frog")!;

describe("every failure class: a clear message, the photo kept, nothing counted", () => {
  it.each<[string, ImageReply, RegExp]>([
    ["bad key", "error-400-api-key-invalid.json", /API error: API key not valid/],
    ["leaked key", "error-403-key-leaked.json", /API error: /],
    ["retired model", "error-404-model-not-found.json", /API error: /],
    ["daily quota", "error-429-daily-quota.json", /API error: /],
    ["image blocked", "finish-image-safety.json", /No modified image returned from API/],
    ["no image", "finish-no-image.json", /No modified image returned from API/],
    ["no candidates", "no-candidates.json", /No modified image returned from API/],
    ["prompt blocked", "prompt-blocked.json", /No modified image returned from API/],
    ["words instead of an image", "text-instead-of-image.json", /No modified image returned from API/],
    [
      "a body that is not JSON",
      { status: 502, body: "<html>Bad gateway</html>" },
      /API error: Unknown error/,
    ],
  ])(
    "%s",
    async (_name, reply, message) => {
      signedIn();
      const gemini = fakeGemini([reply]);
      await openPage(hulk);
      await upload();
      const banner = await screen.findByTestId("error-banner", {}, { timeout: 10_000 });
      expect(banner).toHaveTextContent(message);
      // A plain sentence of what to do comes with every message.
      expect(banner.querySelector("[data-slot=alert-description] p")?.textContent?.length).toBeGreaterThan(
        20,
      );
      expect(await screen.findByText(/^Failed to process image: /)).toBeInTheDocument();
      // The toast and the banner say "Failed to process image" once (it used to be doubled).
      expect(document.body.textContent).not.toMatch(/Failed to process image: Failed to process image/);
      expect(screen.getByRole("img", { name: "Original" })).toBeInTheDocument();
      expect(within(banner).getByRole("button", { name: "Try again" })).toBeInTheDocument();
      expect(getUsedConversions(USER.id)).toBe(0);
      expect(gemini.imageCalls().length).toBeGreaterThanOrEqual(1);
    },
    20_000,
  );

  it("never retries a request the policy says not to (400, 403, 404, daily quota, blocked)", async () => {
    for (const reply of [
      "error-400-api-key-invalid.json",
      "error-403-key-leaked.json",
      "prompt-blocked.json",
    ] as const) {
      signedIn();
      const gemini = fakeGemini([reply]);
      const view = await openPage(frog);
      await upload();
      await screen.findByTestId("error-banner");
      expect(gemini.imageCalls()).toHaveLength(1);
      view.unmount();
    }
  });

  it("the AI overloaded (503): retries with a visible wait, then explains", async () => {
    signedIn();
    const gemini = fakeGemini(["error-503-overloaded.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByText(/Trying again in \d+ s/)).toBeInTheDocument();
    const banner = await screen.findByTestId("error-banner", {}, { timeout: 15_000 });
    expect(banner).toHaveTextContent("API error: ");
    expect(gemini.imageCalls()).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(0);
  }, 20_000);

  it("a retry that succeeds counts once", async () => {
    signedIn();
    const gemini = fakeGemini(["error-500-internal.json", "image-success.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByRole("img", { name: "Modified" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(1);
  }, 15_000);

  it("rate limited per minute: shows the wait Gemini asked for, and Cancel stops it without counting", async () => {
    signedIn();
    const gemini = fakeGemini(["error-429-quota.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByText(/Trying again in 7 s/)).toBeInTheDocument();
    // The wait is for the second attempt: the countdown names that one, not the third.
    expect(screen.getByText(/Trying again in 7 s \(attempt 2 of 3\)/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("img", { name: "Original" })).toBeInTheDocument();
  });

  it("Escape cancels a running conversion", async () => {
    signedIn();
    const gemini = fakeGemini(["error-429-quota.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByText(/Trying again in 7 s/)).toBeInTheDocument();
    await userEvent.setup().keyboard("{Escape}");
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("offline: says so, keeps the photo, counts nothing", async () => {
    signedIn();
    fakeGemini(["network-error"]);
    await openPage(frog);
    await upload();
    const banner = await screen.findByTestId("error-banner", {}, { timeout: 15_000 });
    expect(banner).toHaveTextContent(/offline|connection/i);
    expect(getUsedConversions(USER.id)).toBe(0);
  }, 20_000);

  it("without any key or local engine: the spec's no-key message", async () => {
    signedIn();
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "");
    fakeGemini(["image-success.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(
      "No API key provided. Please enter a Google Gemini API key.",
    );
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("a key typed on the page is used instead of the default, in the header only", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"]);
    await openPage(frog);
    const user = userEvent.setup();
    await user.click(screen.getByText(/Your own Gemini API key/));
    await user.type(await screen.findByLabelText("Gemini API key"), "my-own-key");
    expect(await screen.findByLabelText("Gemini API key")).toHaveAttribute("type", "password");
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    expect(gemini.imageCalls()[0]!.key).toBe("my-own-key");
    expect(gemini.imageCalls()[0]!.url).not.toContain("my-own-key");
    // Kept for this user only, in this tab (lib/api-key.ts), never under a browser-wide name.
    expect(localStorage.getItem(`geminiApiKey:${USER.id}`)).toBeNull();
    expect(sessionStorage.getItem(`geminiApiKey:${USER.id}`)).toBe("my-own-key");
    expect(sessionStorage.getItem("geminiApiKey")).toBeNull();
  });
});

describe("files that are not usable photos", () => {
  it.each([
    ["empty.png", "image/png", /empty/i],
    ["not-an-image.jpg", "image/jpeg", /not an image/i],
  ])("%s: a clear message, no request, nothing counted", async (name, type, message) => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"]);
    await openPage(hulk);
    await upload(fixtureFile(name, type));
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(message);
    expect(gemini.calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
  });
});

describe("limits and tiers", () => {
  it("at the limit, the home page sends the visitor to pricing with the 5-second toast, sending nothing", async () => {
    signedIn(null, 3);
    const gemini = fakeGemini(["image-success.json"]);
    const { router } = await openPage(VARIANTS[0]!);
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 0 / 3");
    await upload();
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upgrade for more" })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(gemini.calls).toHaveLength(0);
  });

  it("counts down on the home page: 3 / 3 then 2 / 3", async () => {
    signedIn();
    fakeGemini(["image-success.json"]);
    await openPage(VARIANTS[0]!);
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 2 / 3");
  });

  it("another tab's conversion shows up at once", async () => {
    signedIn("$5/month", 1);
    await openPage(VARIANTS[0]!);
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent(
      "Remaining conversions: 19 / 20",
    );
    act(() => {
      localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthNow()]: 5 } }));
      window.dispatchEvent(new StorageEvent("storage", { key: USAGE_STORAGE_KEY }));
    });
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 15 / 20");
  });

  it("Freemium gets no recreate button but is told what unlocks it", async () => {
    signedIn();
    fakeGemini(["image-success.json"]);
    await openPage(hulk);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    expect(screen.queryByRole("button", { name: "Try Another Version" })).not.toBeInTheDocument();
    expect(
      screen.getByText(/Multiple transformations require a \$10\/month subscription/),
    ).toBeInTheDocument();
  });

  it("$10/month recreates with the last prompt plus the different-approach suffix, once per double click", async () => {
    signedIn("$10/month");
    const gemini = fakeGemini(["image-success.json"], "text-success.json", 150);
    await openPage(frog);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    const first = gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text!;
    await userEvent.setup().dblClick(screen.getByRole("button", { name: "Try Another Version" }));
    expect(await screen.findByText(frog.toasts.recreated)).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(2);
    expect(gemini.imageCalls()[1]!.body.contents[0]!.parts[0]!.text).toBe(`${first}${RECREATE_SUFFIX}`);
    expect(getUsedConversions(USER.id)).toBe(2);
  });
});

describe("custom transformation (Convert Image dialog)", () => {
  it("validates, transforms with the user's words, and closes", async () => {
    signedIn("$5/month");
    const gemini = fakeGemini(["image-success.json"]);
    renderApp("/?custom=true");
    const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
    const d = within(dialog);
    expect(d.getByText("Upload an image and describe how you want to transform it")).toBeInTheDocument();
    expect(d.getByText("Click to upload or drag and drop")).toBeInTheDocument();
    expect(d.getByText("PNG, JPG or GIF")).toBeInTheDocument();
    expect(d.getByText("Please upload an image before converting")).toBeInTheDocument();
    expect(d.getByRole("button", { name: "Transform" })).toBeDisabled();
    const user = userEvent.setup();
    await user.upload(d.getByLabelText("Upload an image to transform"), fixtureFile("cat-chelsea.png"));
    expect(await screen.findByText("Image selected successfully")).toBeInTheDocument();
    expect(d.queryByText("Please upload an image before converting")).not.toBeInTheDocument();
    await user.type(d.getByPlaceholderText("Describe how you want to transform the image..."), "   ");
    await user.click(d.getByRole("button", { name: "Transform" }));
    expect(await screen.findByText("Please enter a prompt")).toBeInTheDocument();
    expect(gemini.calls).toHaveLength(0);
    await user.clear(d.getByPlaceholderText("Describe how you want to transform the image..."));
    await user.type(
      d.getByPlaceholderText("Describe how you want to transform the image..."),
      "make it snow",
    );
    await user.click(d.getByRole("button", { name: "Transform" }));
    expect(screen.queryByRole("dialog", { name: "Convert Image" })).not.toBeInTheDocument();
    expect(await screen.findByText("Image transformed successfully!")).toBeInTheDocument();
    const prompt = gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text!;
    expect(prompt).toContain('"make it snow"');
    expect(prompt).toMatch(/preserve the core identity and context/i);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("on Freemium the transform is refused with the spec's message and the pricing page", async () => {
    signedIn();
    const gemini = fakeGemini(["image-success.json"]);
    const { router } = renderApp("/?custom=true");
    const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
    const user = userEvent.setup();
    await user.upload(
      within(dialog).getByLabelText("Upload an image to transform"),
      fixtureFile("cat-chelsea.png"),
    );
    await screen.findByText("Image selected successfully");
    await user.type(
      within(dialog).getByPlaceholderText("Describe how you want to transform the image..."),
      "snow",
    );
    await user.click(within(dialog).getByRole("button", { name: "Transform" }));
    expect(
      await screen.findByText("Custom transformations require a $5/month subscription"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(gemini.calls).toHaveLength(0);
  });

  describe("voice input", () => {
    type FakeRecognition = {
      onresult: ((e: { results: { transcript: string }[][] }) => void) | null;
      onend: (() => void) | null;
      onerror: ((e: { error: string }) => void) | null;
      continuous: boolean;
      interimResults: boolean;
      start: () => void;
      stop: () => void;
      abort: () => void;
    };
    let last: FakeRecognition | null = null;
    function installRecognition(startThrows = false) {
      last = null;
      class Recognition implements FakeRecognition {
        onresult: FakeRecognition["onresult"] = null;
        onend: FakeRecognition["onend"] = null;
        onerror: FakeRecognition["onerror"] = null;
        continuous = true;
        interimResults = true;
        lang = "";
        maxAlternatives = 5;
        constructor() {
          // eslint-disable-next-line @typescript-eslint/no-this-alias
          last = this;
        }
        start() {
          if (startThrows) throw new Error("not allowed");
        }
        stop() {
          this.onend?.();
        }
        abort() {}
      }
      vi.stubGlobal("webkitSpeechRecognition", Recognition);
    }
    afterEach(() => vi.unstubAllGlobals());

    it("unsupported browser: says so", async () => {
      signedIn("$5/month");
      renderApp("/?custom=true");
      const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
      await userEvent.setup().click(within(dialog).getByRole("button", { name: "Voice Input" }));
      expect(await screen.findByText("Voice input is not supported in your browser")).toBeInTheDocument();
    });

    it("listens once without interim results, replaces the prompt, and goes back to idle", async () => {
      installRecognition();
      signedIn("$5/month");
      renderApp("/?custom=true");
      const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
      const user = userEvent.setup();
      const box = within(dialog).getByPlaceholderText("Describe how you want to transform the image...");
      await user.type(box, "old words");
      await user.click(within(dialog).getByRole("button", { name: "Voice Input" }));
      expect(within(dialog).getByRole("button", { name: "Stop" })).toBeInTheDocument();
      expect(last!.continuous).toBe(false);
      expect(last!.interimResults).toBe(false);
      act(() => last!.onresult?.({ results: [[{ transcript: "turn me into a pirate" }]] }));
      act(() => last!.onend?.());
      expect(box).toHaveValue("turn me into a pirate");
      expect(within(dialog).getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    });

    it("pressing Stop while listening stops it", async () => {
      installRecognition();
      signedIn("$5/month");
      renderApp("/?custom=true");
      const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
      const user = userEvent.setup();
      await user.click(within(dialog).getByRole("button", { name: "Voice Input" }));
      await user.click(within(dialog).getByRole("button", { name: "Stop" }));
      expect(within(dialog).getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    });

    it("a start failure says so", async () => {
      installRecognition(true);
      signedIn("$5/month");
      renderApp("/?custom=true");
      const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
      await userEvent.setup().click(within(dialog).getByRole("button", { name: "Voice Input" }));
      expect(await screen.findByText("Failed to start voice input")).toBeInTheDocument();
      expect(within(dialog).getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    });
  });
});
