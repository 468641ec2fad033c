/**
 * The Celebration Creator when the AI fails: each failure class's toast and banner with the form kept
 * and nothing counted, Try again, the retried statuses and their visible wait, cancelling, going
 * offline and having no key.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import type { GeminiReply } from "../msw/gemini";
import { fillAndGenerate, fixture, GENERATE, openPage, USER } from "./celebrations-kit";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { expectNoToast, fakeGemini, signedIn, toolPageEnvironment } from "./tool-kit";

toolPageEnvironment();

describe("every failure class: the spec's toast, a clear banner, the form kept, nothing counted", () => {
  it.each<[string, GeminiReply, RegExp]>([
    ["bad key", fixture("error-400-api-key-invalid.json"), /API error: API key not valid/],
    ["leaked key", fixture("error-403-key-leaked.json"), /API error: /],
    ["retired model", fixture("error-404-model-not-found.json"), /API error: /],
    ["daily quota", fixture("error-429-daily-quota.json"), /API error: /],
    ["image blocked", fixture("finish-image-safety.json"), /No celebration image received/],
    ["no image", fixture("finish-no-image.json"), /No celebration image received/],
    ["no candidates", fixture("no-candidates.json"), /No celebration image received/],
    ["prompt blocked", fixture("prompt-blocked.json"), /No celebration image received/],
    ["words instead of an image", fixture("text-instead-of-image.json"), /No celebration image received/],
    ["a body that is not JSON", { text: "<html>Forbidden</html>", status: 403 }, /API error: Unknown error/],
  ])("%s", async (_name, reply, reason) => {
    signedIn();
    const requests = fakeGemini(reply);
    await openPage();
    await fillAndGenerate("Job Promotion", "Head of design!");
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Error: Failed to generate celebration image: ");
    expect(banner).toHaveTextContent(reason);
    // A missing image is never blamed on a photo: the description is what can change.
    if (reason.source.includes("No celebration image received"))
      expect(banner).not.toHaveTextContent(/another photo/i);
    // A plain sentence of what to do comes with every message.
    expect(banner.querySelector("[data-slot=alert-description] p")?.textContent?.length).toBeGreaterThan(20);
    // Said once, by the banner; no toast repeats it (issue 27 §4).
    await expectNoToast();
    expect(within(banner).getByRole("button", { name: "Try again" })).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("Head of design!");
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveTextContent("Job Promotion");
    expect(screen.queryByRole("img", { name: /celebration image$/ })).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    // Not retried: none of these can get better by asking again at once.
    expect(requests).toHaveLength(1);
  });

  it("Try again sends the form again and counts only the result", async () => {
    signedIn();
    const requests = fakeGemini([fixture("prompt-blocked.json"), fixture("image-success.json")]);
    await openPage();
    await fillAndGenerate("Wedding", "Ana and Luis");
    const banner = await screen.findByTestId("error-banner");
    await userEvent.setup().click(within(banner).getByRole("button", { name: "Try again" }));
    await screen.findByRole("img", { name: "Wedding celebration image" });
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
    expect(requests).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("the AI overloaded (503): a visible wait, retries, then explains; nothing counted", async () => {
    signedIn();
    const requests = fakeGemini(fixture("error-503-overloaded.json"));
    await openPage();
    holdRetryWaits();
    await fillAndGenerate();
    expect(await screen.findByRole("dialog", { name: "Creating Celebration Image..." })).toBeInTheDocument();
    expect(await screen.findByText(/Trying again in \d+ s/)).toBeInTheDocument();
    passRetryWaits();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Failed to generate celebration image: API error: ");
    expect(requests).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("a server error then a result counts once", async () => {
    signedIn();
    const requests = fakeGemini([fixture("error-500-internal.json"), fixture("image-success.json")]);
    await openPage();
    await fillAndGenerate();
    await screen.findByRole("img", { name: "Birthday celebration image" });
    expect(requests).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("rate limited: shows the wait; Cancel stops it, keeps the form and counts nothing", async () => {
    signedIn();
    const requests = fakeGemini(fixture("error-429-quota.json"));
    await openPage();
    holdRetryWaits();
    await fillAndGenerate("Holiday", "Lights on the tree");
    expect(await screen.findByText(/Trying again in 7 s/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "Creating Celebration Image..." })).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("Lights on the tree");
  });

  it("Escape cancels while the AI is working", async () => {
    signedIn();
    const requests = fakeGemini({ hang: true });
    await openPage();
    await fillAndGenerate();
    await screen.findByRole("dialog", { name: "Creating Celebration Image..." });
    await waitFor(() => expect(requests).toHaveLength(1));
    await userEvent.setup().keyboard("{Escape}");
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("button", { name: GENERATE })).toBeEnabled();
  });

  it("leaving the page mid-way cancels and counts nothing", async () => {
    signedIn();
    const requests = fakeGemini({ hang: true });
    const { router } = await openPage();
    await fillAndGenerate();
    await waitFor(() => expect(requests).toHaveLength(1));
    await router.navigate("/hulk");
    await screen.findByRole("heading", { level: 1, name: /Hulk/ });
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("offline: says so and counts nothing", async () => {
    signedIn();
    fakeGemini({ networkError: true });
    await openPage();
    await fillAndGenerate();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(/offline|connection/i);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("without any key or local engine: the spec's no-key message", async () => {
    signedIn();
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    const requests = fakeGemini(fixture("image-success.json"));
    await openPage();
    await fillAndGenerate();
    expect(await screen.findByTestId("error-banner")).toHaveTextContent(
      "No API key provided. Please enter a Google Gemini API key.",
    );
    expect(requests).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});
