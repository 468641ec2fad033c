// Modify Scene's failures: every failure class with the spec's message, the form kept and nothing counted; retry, wait and limit.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getUsedConversions, monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import type { GeminiReply } from "../msw/gemini";
import {
  clickPicture,
  fill,
  fixture,
  openWithBase,
  partsOf,
  sceneTestSetup,
  signedIn,
  submit,
  USER,
} from "./scene-kit";
import { holdRetryWaits } from "./retry-waits";
import { expectNoToast, fakeGemini } from "./tool-kit";

sceneTestSetup();

describe("every failure class: the spec's message, the form kept, nothing counted", () => {
  it.each<[string, GeminiReply, string]>([
    [
      "bad key",
      fixture("error-400-api-key-invalid.json"),
      "Failed to process scene modification: API error: API key not valid",
    ],
    ["leaked key", fixture("error-403-key-leaked.json"), "Failed to process scene modification: API error: "],
    [
      "retired model",
      fixture("error-404-model-not-found.json"),
      "Failed to process scene modification: API error: ",
    ],
    [
      "daily quota",
      fixture("error-429-daily-quota.json"),
      "Failed to process scene modification: API error: ",
    ],
    ["image blocked", fixture("finish-image-safety.json"), "No modified image received"],
    ["no image", fixture("finish-no-image.json"), "No modified image received"],
    ["no candidates", fixture("no-candidates.json"), "No modified image received"],
    ["prompt blocked", fixture("prompt-blocked.json"), "No modified image received"],
    ["words instead of an image", fixture("text-instead-of-image.json"), "No modified image received"],
    [
      "a body that is not JSON",
      { text: "<html>Bad gateway</html>", status: 400 },
      "Failed to process scene modification: API error: Unknown error",
    ],
  ])("%s", async (_name, reply, message) => {
    signedIn();
    const requests = fakeGemini(reply);
    await openWithBase();
    await fill("Text", "Keep me");
    clickPicture(0.9, 0.1);
    await submit();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(`Error: ${message}`);
    expect(banner.querySelector("[data-slot=alert-description] p")?.textContent?.length).toBeGreaterThan(20);
    // Said once, by the banner; no toast repeats it (issue 27 §4).
    await expectNoToast();
    expect(screen.getByRole("textbox", { name: "The text to add" })).toHaveValue("Keep me");
    expect(screen.getByTestId("position-marker")).toHaveAttribute("data-position", "top-right");
    expect(screen.getByRole("img", { name: "Base image" })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(requests).toHaveLength(1);
    expect(within(banner).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("Try again sends the same change again and counts it once it works", async () => {
    signedIn();
    const requests = fakeGemini([fixture("finish-no-image.json"), fixture("image-success.json")]);
    await openWithBase();
    await fill("Widget", "Open now");
    await submit();
    const banner = await screen.findByTestId("error-banner");
    await userEvent.setup().click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Widget added to scene successfully!")).toBeInTheDocument();
    expect(partsOf(requests[1]!)[0]!.text).toBe(partsOf(requests[0]!)[0]!.text);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("the AI busy (429 per minute): the wait is shown, Cancel stops it and nothing is counted", async () => {
    signedIn();
    const requests = fakeGemini(fixture("error-429-quota.json"));
    await openWithBase();
    await fill("Text", "Wait for it");
    holdRetryWaits();
    await submit();
    expect(await screen.findByRole("dialog", { name: "Modifying Scene..." })).toHaveTextContent(
      "Our AI is adding your text to the picture.",
    );
    expect(await screen.findByText(/Trying again in 7 s/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Modifying Scene..." })).not.toBeInTheDocument(),
    );
    expect(requests).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("textbox", { name: "The text to add" })).toHaveValue("Wait for it");
  });

  it("offline: says so and counts nothing", async () => {
    signedIn();
    fakeGemini({ networkError: true });
    await openWithBase();
    await fill("Text", "Offline");
    await submit();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(/Failed to process scene modification: .*(offline|reach)/i);
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("at the limit nothing is sent and the visitor is told", async () => {
    signedIn(19);
    const requests = fakeGemini(fixture("image-success.json"));
    const { router } = await openWithBase();
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: 20 } }));
    await fill("Text", "One too many");
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(requests).toHaveLength(0);
  });
});
