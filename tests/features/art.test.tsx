import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ART_PROMPT } from "@/tools/art/prompts";
import { getUsedConversions } from "@/lib/usage";
import type { GeminiFixtureName } from "../msw/gemini";
import { renderApp } from "../utils";
import { holdRetryWaits } from "./retry-waits";
import {
  expectNoToast,
  fakeGemini,
  fixtureFile,
  signedIn,
  TEST_USER,
  toastsShown,
  toolPageEnvironment,
} from "./tool-kit";

const USER = TEST_USER;

type Body = { contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[] };

const env = toolPageEnvironment();

beforeEach(() => signedIn());

const gemini = fakeGemini;

async function openArt() {
  const view = renderApp("/create-art");
  await screen.findByRole("heading", { level: 1, name: "Art Enhancer" });
  return view;
}

async function upload(file = fixtureFile("portrait-astronaut.png")) {
  await userEvent.setup().upload(await screen.findByTestId("file-input"), file);
}

describe("Art Enhancer (/create-art)", () => {
  it("offers the two tabs, upload first", async () => {
    gemini({ fixture: "image-success.json" });
    await openArt();
    const tabs = within(screen.getByRole("tablist", { name: "Start from" }));
    expect(tabs.getByRole("tab", { name: "Upload Image" })).toHaveAttribute("aria-selected", "true");
    expect(tabs.getByRole("tab", { name: "Draw Your Own" })).toHaveAttribute("aria-selected", "false");
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
  });

  it("enhances an upload: PNG with the spec's instruction, overlay, toasts, one conversion, modified-scene.png", async () => {
    const requests = gemini({ fixture: "image-success.json" });
    await openArt();
    await upload();
    // The overlay shows while the AI works (with warm modules the answer may close it a moment later).
    await screen.findByRole("dialog", { name: "Enhancing Artwork..." });
    expect(await screen.findByRole("img", { name: "Enhanced" })).toHaveAttribute(
      "src",
      expect.stringMatching(/^blob:/),
    );
    expect((await screen.findAllByRole("img", { name: "Original" })).length).toBeGreaterThan(0);
    expect(await screen.findByText("Artwork enhanced successfully!")).toBeInTheDocument();
    // One toast: the upload's, turned into the run's progress, then its outcome (issue 27 §4).
    expect(toastsShown()).toEqual(["Artwork enhanced successfully!"]);
    expect(getUsedConversions(USER.id)).toBe(1);

    expect(requests).toHaveLength(1);
    const parts = (requests[0]!.body as Body).contents[0]!.parts;
    expect(parts[0]!.text).toBe(ART_PROMPT);
    expect(parts[0]!.text).toMatch(/content, composition and any text exactly/);
    expect(parts[1]!.inlineData?.mimeType).toBe("image/png");

    await userEvent.setup().click(screen.getByRole("button", { name: "Download" }));
    expect(env.downloads().at(-1)?.name).toBe("modified-scene.png");

    // Reset clears the picture and the result; the upload area is back.
    await userEvent.setup().click(screen.getByRole("button", { name: "Try Another Image" }));
    expect(await screen.findByText("Drop your image here")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Enhanced" })).not.toBeInTheDocument();
  });

  describe("every failure class: the spec's messages, the picture kept, nothing counted", () => {
    it.each<[GeminiFixtureName, RegExp]>([
      ["error-400-api-key-invalid.json", /API key not valid/],
      ["error-403-key-leaked.json", /API error: /],
      ["error-404-model-not-found.json", /API error: /],
      ["error-429-daily-quota.json", /API error: /],
      ["finish-image-safety.json", /No modified image returned from API/],
      ["finish-no-image.json", /No modified image returned from API/],
      ["no-candidates.json", /No modified image returned from API/],
      ["prompt-blocked.json", /No modified image returned from API/],
      ["text-instead-of-image.json", /No modified image returned from API/],
    ])("%s", async (fixture, reason) => {
      gemini({ fixture });
      await openArt();
      await upload();
      const banner = await screen.findByTestId("error-banner");
      expect(banner).toHaveTextContent(/^Error: /);
      expect(banner).not.toHaveTextContent(/Error: Error:/);
      expect(banner).toHaveTextContent(reason);
      // Said once, by the banner; no toast repeats it (issue 27 §4).
      await expectNoToast();
      expect((await screen.findAllByRole("img", { name: "Original" })).length).toBeGreaterThan(0);
      expect(screen.queryByRole("img", { name: "Enhanced" })).not.toBeInTheDocument();
      expect(getUsedConversions(USER.id)).toBe(0);
    });
  });

  it("a failed run is tried again with the same picture and then counts once", async () => {
    const requests = gemini([{ fixture: "finish-no-image.json" }, { fixture: "image-success.json" }]);
    await openArt();
    await upload();
    const banner = await screen.findByTestId("error-banner");
    await userEvent.setup().click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Enhanced" })).toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("rate limited: the wait is shown, Cancel stops it and nothing is counted", async () => {
    const requests = gemini({ fixture: "error-429-quota.json" });
    await openArt();
    holdRetryWaits();
    await upload();
    expect(await screen.findByText(/Trying again in \d+ s/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect((await screen.findAllByRole("img", { name: "Original" })).length).toBeGreaterThan(0);
  });

  it("offline: says so and counts nothing", async () => {
    gemini({ networkError: true });
    await openArt();
    await upload();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(/offline|connection/i);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("a file that is not an image is refused before anything is sent", async () => {
    const requests = gemini({ fixture: "image-success.json" });
    await openArt();
    await upload(fixtureFile("not-an-image.jpg", "image/jpeg"));
    expect(await screen.findByTestId("error-banner")).toBeInTheDocument();
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("a double click sends one request", async () => {
    const requests = gemini([{ hang: true }]);
    await openArt();
    const file = fixtureFile("cat-chelsea.png");
    const input = await screen.findByTestId("file-input");
    await act(async () => {
      await userEvent.setup().upload(input, file);
    });
    expect(await screen.findByRole("dialog", { name: "Enhancing Artwork..." })).toBeInTheDocument();
    // The picker is off while the AI works.
    expect(screen.queryByRole("button", { name: "Select Image" })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });
});
