/** The style tools' pages: each style converts a photo, the photo analysis, the limits and the tiers. */
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { RECREATE_SUFFIX, VARIANTS } from "@/config/variants";
import { formatRenewal, getUsedConversions, monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import { fakeImageModel, TEXT_MODEL } from "./fake-image-model";
import { frog, hulk, openPage, resultName, signedIn, upload } from "./conversion-kit";
import { TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

// Canvas stand-ins, the default key and the fake Gemini's URL, no local engine, and downloads captured.
const env = toolPageEnvironment();

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
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(variant);
    await upload();
    expect(await screen.findByRole("dialog", { name: variant.overlay.title })).toHaveTextContent(
      variant.overlay.text,
    );
    expect(await screen.findByRole("img", { name: resultName(variant) })).toHaveAttribute(
      "src",
      expect.stringMatching(/^blob:/),
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
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage(VARIANTS[0]!);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    const prompt = gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text!;
    expect(prompt.startsWith(VARIANTS[0]!.analysis!.prefix!)).toBe(true);
    expect(prompt.length).toBeGreaterThan(VARIANTS[0]!.analysis!.prefix!.length + 5);
  });

  it("falls back to the fixed prompt silently when the analysis fails", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"], { text: "error" });
    await openPage(VARIANTS[0]!);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    expect(gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text).toBe(VARIANTS[0]!.analysis!.fallback);
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
  });
});

describe("limits and tiers", () => {
  it("at the limit, the home page says so before anything is picked: when it renews, Upgrade Now, the picker off", async () => {
    signedIn(null, 3);
    const gemini = fakeImageModel(["image-success.json"]);
    const { router } = await openPage(VARIANTS[0]!);
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 0 / 3");
    const notice = await screen.findByTestId("limit-notice");
    expect(within(notice).getByRole("heading", { name: "Usage Limit Reached" })).toBeInTheDocument();
    expect(notice).toHaveTextContent(`They renew on ${formatRenewal()}.`);
    expect(within(notice).getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("button", { name: /Select Image/ })).toBeDisabled();
    expect(router.state.location.pathname).toBe("/");
    expect(gemini.calls).toHaveLength(0);
  });

  it("counts down on the home page: 3 / 3 then 2 / 3", async () => {
    signedIn();
    fakeImageModel(["image-success.json"]);
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
      localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: 5 } }));
      window.dispatchEvent(new StorageEvent("storage", { key: USAGE_STORAGE_KEY }));
    });
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 15 / 20");
  });

  it("Freemium sees Try Another Version with the plan it needs before pressing it: to Pricing, nothing spent", async () => {
    signedIn();
    const gemini = fakeImageModel(["image-success.json"]);
    const { router } = await openPage(hulk);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    expect(screen.queryByRole("button", { name: /Try Another Version/ })).not.toBeInTheDocument();
    const link = await screen.findByRole("link", { name: /^Try Another Version\s*, needs \$10\/month$/ });
    expect(within(link).getByText("$10/month")).toBeVisible();
    // Said where another version is asked for, and where several results are chosen (issue 28).
    expect(screen.getAllByText("Multiple transformations require a $10/month subscription.")).toHaveLength(2);
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    // Paying (or "Go back") returns to the style, where the last result is shown again.
    expect(router.state.location.state).toEqual({ returnTo: { path: hulk.path } });
    expect(gemini.imageCalls()).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("$10/month recreates with the last prompt plus the different-approach suffix, once per double click", async () => {
    signedIn("$10/month");
    const gemini = fakeImageModel(["image-success.json"], { latencyMs: 150 });
    await openPage(frog);
    await upload();
    await screen.findByRole("img", { name: "Modified" });
    const first = gemini.imageCalls()[0]!.body.contents[0]!.parts[0]!.text!;
    // The plan has it: no badge, the button's name is its words alone.
    const recreate = screen.getByRole("button", { name: "Try Another Version" });
    expect(within(recreate).queryByText("$10/month")).not.toBeInTheDocument();
    await userEvent.setup().dblClick(recreate);
    expect(await screen.findByText(frog.toasts.recreated)).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(2);
    expect(gemini.imageCalls()[1]!.body.contents[0]!.parts[0]!.text).toBe(`${first}${RECREATE_SUFFIX}`);
    expect(getUsedConversions(USER.id)).toBe(2);
  });
});
