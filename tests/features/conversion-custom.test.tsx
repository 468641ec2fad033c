/** "Convert Image": a custom transformation in the user's own words, typed or spoken. */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatRenewal, getUsedConversions, monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import { renderApp } from "../utils";
import { fakeImageModel } from "./fake-image-model";
import { signedIn } from "./conversion-kit";
import { fixtureFile, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

// Canvas stand-ins, the default key and the fake Gemini's URL, no local engine, and downloads captured.
toolPageEnvironment();

describe("custom transformation (Convert Image dialog)", () => {
  it("validates, transforms with the user's words, and closes", async () => {
    signedIn("$5/month");
    const gemini = fakeImageModel(["image-success.json"]);
    renderApp("/?custom=true");
    const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
    const d = within(dialog);
    expect(d.getByText("Upload an image and describe how you want to transform it")).toBeInTheDocument();
    expect(d.getByText("Click to upload or drag and drop")).toBeInTheDocument();
    expect(d.getByText("PNG, JPG or GIF")).toBeInTheDocument();
    expect(d.getByText("Please upload an image before converting")).toBeInTheDocument();
    expect(d.getByRole("button", { name: "Transform" })).toBeDisabled();
    // What Transform spends, said beside it.
    expect(await d.findByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 20 left this month.",
    );
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

  it("on Freemium the button names the plan it needs, and the dialog says why before any upload", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    const { router } = renderApp("/");
    const button = await screen.findByRole("button", { name: /^Convert Anything\s*, needs \$5\/month$/ });
    const user = userEvent.setup();
    await user.click(button);
    const dialog = within(await screen.findByRole("dialog", { name: "Convert Image" }));
    expect(dialog.getByText("Custom transformations require a $5/month subscription")).toBeInTheDocument();
    expect(dialog.getByText(/with Basic \(\$5\/month\) or a bigger plan/)).toBeInTheDocument();
    // Nothing to pick or type that could not be sent.
    expect(dialog.queryByLabelText("Upload an image to transform")).not.toBeInTheDocument();
    expect(dialog.queryByText("Click to upload or drag and drop")).not.toBeInTheDocument();
    expect(dialog.queryByPlaceholderText("Describe how you want to transform the image...")).toBeNull();
    await user.click(dialog.getByRole("link", { name: "Upgrade" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    // Paying from here comes back to Convert Anything.
    expect(router.state.location.state).toEqual({ returnTo: { path: "/?custom=true" } });
    expect(gemini.calls).toHaveLength(0);
  });

  it("a gate mid-task keeps the photo and the words: Pricing says so and Go back brings them back", async () => {
    signedIn("$5/month");
    const gemini = fakeImageModel(["image-success.json"]);
    const { router } = renderApp("/?custom=true");
    const dialog = within(await screen.findByRole("dialog", { name: "Convert Image" }));
    const user = userEvent.setup();
    await user.upload(dialog.getByLabelText("Upload an image to transform"), fixtureFile("cat-chelsea.png"));
    await screen.findByText("Image selected successfully");
    await user.type(
      dialog.getByPlaceholderText("Describe how you want to transform the image..."),
      "make it snow",
    );
    // Another tab used the month's conversions meanwhile.
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: 20 } }));
    await user.click(dialog.getByRole("button", { name: "Transform" }));
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(await screen.findByText("Your photo and your words are kept.")).toBeInTheDocument();
    expect(gemini.calls).toHaveLength(0);

    await user.click(screen.getByRole("link", { name: "Go back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    const back = within(await screen.findByRole("dialog", { name: "Convert Image" }));
    // The limit is still reached here: the dialog says so (and when it renews), the words wait.
    expect(await back.findByText("Usage Limit Reached")).toBeInTheDocument();
    expect(back.getByText(new RegExp(`They renew on ${formatRenewal()}`))).toBeInTheDocument();
    // With conversions again (paid meanwhile, in another tab), the photo and the words are there to send.
    act(() => {
      localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: 0 } }));
      window.dispatchEvent(new StorageEvent("storage", { key: USAGE_STORAGE_KEY }));
    });
    expect(await back.findByDisplayValue("make it snow")).toBeInTheDocument();
    expect(await back.findByText("your photo")).toBeInTheDocument();
    await user.click(back.getByRole("button", { name: "Transform" }));
    expect(await screen.findByText("Image transformed successfully!")).toBeInTheDocument();
    expect(gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text).toContain('"make it snow"');
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
