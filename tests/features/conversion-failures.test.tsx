/** The style tools when things go wrong: every failure class, retries, cancel, keys, unusable files. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import { fakeImageModel, type ImageReply } from "./fake-image-model";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { frog, hulk, openPage, signedIn, upload } from "./conversion-kit";
import { fixtureFile, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

// Canvas stand-ins, the default key and the fake Gemini's URL, no local engine, and downloads captured.
toolPageEnvironment();

/** A per-minute rate limit on the frog page, its retry's countdown on screen (the waits held). */
async function rateLimited() {
  signedIn();
  const gemini = fakeImageModel(["error-429-quota.json"]);
  await openPage(frog);
  holdRetryWaits();
  await upload();
  expect(await screen.findByText(/Trying again in 7 s/)).toBeInTheDocument();
  return gemini;
}

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
  ])("%s", async (_name, reply, message) => {
    signedIn();
    const gemini = fakeImageModel([reply]);
    await openPage(hulk);
    await upload();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(message);
    // A plain sentence of what to do comes with every message.
    expect(banner.querySelector("[data-slot=alert-description] p")?.textContent?.length).toBeGreaterThan(20);
    // Said once, in one place (issue 27 §4): the banner, with one advice; no toast repeats either.
    const advice = banner.querySelector("[data-slot=alert-description] p")!.textContent!;
    await waitFor(() =>
      expect(document.querySelector("[data-sonner-toast]:not([data-removed='true'])")).toBeNull(),
    );
    const page = document.body.textContent ?? "";
    expect(page.split("Failed to process image").length - 1).toBe(1);
    expect(page.split(advice).length - 1).toBe(1);
    expect(screen.getByRole("img", { name: "Original" })).toBeInTheDocument();
    // What trying again spends, beside it (issue 27 §2).
    expect(within(banner).getByRole("button", { name: "Try again" })).toHaveAccessibleDescription(
      "This uses 1 conversion of your 3 left this month.",
    );
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(gemini.imageCalls().length).toBeGreaterThanOrEqual(1);
  });

  it("never retries a request the policy says not to (400, 403, 404, daily quota, blocked)", async () => {
    for (const reply of [
      "error-400-api-key-invalid.json",
      "error-403-key-leaked.json",
      "prompt-blocked.json",
    ] as const) {
      signedIn();
      const gemini = fakeImageModel([reply]);
      const view = await openPage(frog);
      await upload();
      await screen.findByTestId("error-banner");
      expect(gemini.imageCalls()).toHaveLength(1);
      view.unmount();
    }
  });

  it("the AI overloaded (503): retries with a visible wait, then explains", async () => {
    signedIn();
    const gemini = fakeImageModel(["error-503-overloaded.json"]);
    await openPage(frog);
    holdRetryWaits();
    await upload();
    expect(await screen.findByText(/Trying again in \d+ s/)).toBeInTheDocument();
    passRetryWaits();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("API error: ");
    expect(gemini.imageCalls()).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("a retry that succeeds counts once", async () => {
    signedIn();
    const gemini = fakeImageModel(["error-500-internal.json", "image-success.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("rate limited per minute: shows the wait Gemini asked for, and Cancel stops it without counting", async () => {
    const gemini = await rateLimited();
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
    const gemini = await rateLimited();
    await userEvent.setup().keyboard("{Escape}");
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("offline: says so, keeps the photo, counts nothing", async () => {
    signedIn();
    fakeImageModel(["network-error"]);
    await openPage(frog);
    await upload();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(/offline|connection/i);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("without any key or local engine: the spec's no-key message", async () => {
    signedIn();
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    vi.stubEnv("VITE_LOCAL_PREVIEW_ENGINE", "");
    fakeImageModel(["image-success.json"]);
    await openPage(frog);
    await upload();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(
      "No API key provided. Please enter a Google Gemini API key.",
    );
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("a key typed on the page is used instead of the default, in the header only", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
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
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(hulk);
    await upload(fixtureFile(name, type));
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(message);
    expect(gemini.calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
  });
});
