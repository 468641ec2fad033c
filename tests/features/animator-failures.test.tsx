/** The Character Animator when things go wrong: every failure class, waits, cancels, no key, the limit. */
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { storeSession, subscriptionHandler } from "../msw/supabase";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { fakeImageModel, type ImageReply } from "./fake-image-model";
import { animatorEnvironment, createCharacter, DESCRIPTION, openPage } from "./animator-kit";
import { expectNoToast, signedIn, TEST_USER as USER } from "./tool-kit";

animatorEnvironment();

describe("every failure class: the spec's message, the description kept, nothing counted", () => {
  it.each<[string, ImageReply, string]>([
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
    const { calls } = fakeImageModel([reply]);
    await openPage();
    await createCharacter();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent(`Failed to generate character: ${reason}`);
    expect(banner.querySelector("[data-slot=alert-description] p")?.textContent?.length).toBeGreaterThan(20);
    // Said once, by the banner; no toast repeats it (issue 27 §4).
    await expectNoToast();
    expect(within(banner).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Character description" })).toHaveValue(DESCRIPTION);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(calls.length).toBeGreaterThanOrEqual(1);
  });

  it("the AI overloaded then fine: a visible wait, one result, counted once", async () => {
    signedIn();
    const { calls } = fakeImageModel(["error-503-overloaded.json", "image-success.json"]);
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
    const { calls } = fakeImageModel(["error-429-quota.json"]);
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
    fakeImageModel(["hang"]);
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
    fakeImageModel(["network-error"]);
    await openPage();
    await createCharacter();
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Failed to generate character: Could not reach the AI service.");
    expect(getUsedConversions(USER.id)).toBe(0);
  });

  it("without any key or local engine: the no-key message, nothing sent", async () => {
    signedIn();
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    const { calls } = fakeImageModel(["image-success.json"]);
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
    const { calls } = fakeImageModel(["image-success.json"]);
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
