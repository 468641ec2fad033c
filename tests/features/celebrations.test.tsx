import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CELEBRATION_TYPES, celebrationPrompt } from "@/config/prompts";
import { getUsedConversions, monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import type { GeminiFixtureName, GeminiReply, GeminiRequest } from "../msw/gemini";
import { renderApp } from "../utils";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { fakeGemini, fixtureFile, signedIn, TEST_USER, toolPageEnvironment } from "./tool-kit";

const USER = TEST_USER;
const TITLE = "Celebration Creator";
const GENERATE = "Generate Celebration Image";

type Body = {
  contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
  generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
};

const fixture = (name: GeminiFixtureName): GeminiReply => ({ fixture: name });
const bodyOf = (request: GeminiRequest) => request.body as Body;

const env = toolPageEnvironment();

async function openPage() {
  const view = renderApp("/celebrations");
  await screen.findByRole("heading", { level: 1, name: TITLE });
  return view;
}

async function chooseType(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Celebration type" }));
  await user.click(await screen.findByRole("option", { name: label }));
}

async function chooseAspectRatio(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Aspect ratio" }));
  await user.click(await screen.findByRole("option", { name }));
}

async function describe_(text: string) {
  const user = userEvent.setup();
  const box = screen.getByRole("textbox", { name: "Description" });
  await user.clear(box);
  // Pasted, not typed key by key: the same change event, and quick on a busy CI machine.
  await user.click(box);
  await user.paste(text);
}

async function pickInspiration(file = fixtureFile("cat-chelsea.png")) {
  await userEvent.setup().upload(screen.getByLabelText("Inspiration image", { selector: "input" }), file);
}

async function generate() {
  await userEvent.setup().click(screen.getByRole("button", { name: GENERATE }));
}

async function fillAndGenerate(type = "Birthday", text = "Grandma's 90th in the garden") {
  await chooseType(type);
  await describe_(text);
  await generate();
}

describe("the form (SPEC 2.13)", () => {
  it("shows the nine types in order, an empty type, 1:1, the description with voice input, the inspiration picker and the cost", async () => {
    signedIn();
    await openPage();
    const type = screen.getByRole("combobox", { name: "Celebration type" });
    expect(type).toHaveTextContent("Select a celebration type");
    await userEvent.setup().click(type);
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(CELEBRATION_TYPES.map((t) => t.label));
    await userEvent.setup().keyboard("{Escape}");
    expect(screen.getByRole("combobox", { name: "Aspect ratio" })).toHaveTextContent("Square (1:1)");
    expect(screen.getByRole("textbox", { name: "Description" })).toBeRequired();
    expect(screen.getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Inspiration image" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose or drop a picture" })).toBeEnabled();
    expect(await screen.findByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 3 left this month.",
    );
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
  });

  it("asks for a type, then for a description (blank or spaces), sending nothing", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openPage();
    await generate();
    expect(await screen.findAllByText("Please select a celebration type")).not.toHaveLength(0);
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveFocus();
    // Both rules are shown at once, so nobody has to submit twice to find the second.
    expect(screen.getAllByText("Please enter a description for your celebration image")).not.toHaveLength(0);

    await chooseType("Wedding");
    expect(screen.queryByText("Please select a celebration type", { selector: "p" })).not.toBeInTheDocument();
    await describe_("    ");
    await generate();
    expect(
      await screen.findAllByText("Please enter a description for your celebration image"),
    ).not.toHaveLength(0);
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveAccessibleDescription(
      /Please enter a description for your celebration image/,
    );
    expect(requests).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveTextContent("Wedding");

    // A huge paste is cut at the field's limit, and the count says so.
    await describe_("confetti ".repeat(300));
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue(
      "confetti ".repeat(300).slice(0, 1000),
    );
    expect(screen.getByText("1000 / 1000")).toBeInTheDocument();
  });
});

describe("generating", () => {
  it("makes the image: the real prompt, 1:1, one conversion counted, then downloads {type}-celebration.png", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openPage();
    await fillAndGenerate("Birthday", "  Grandma's 90th in the garden  ");

    const image = await screen.findByRole("img", { name: "Birthday celebration image" });
    expect(image).toHaveAttribute("src", expect.stringMatching(/^data:image\/png;base64,/));
    expect(await screen.findByText("Celebration image created!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Your Birthday image" })).toHaveFocus();
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 2 / 3");

    expect(requests).toHaveLength(1);
    const body = bodyOf(requests[0]!);
    expect(requests[0]!.headers.get("x-goog-api-key")).toBe("test-default-key");
    expect(requests[0]!.model).toBe("gemini-nano-banana-2.1");
    expect(body.contents[0]!.parts).toEqual([
      { text: celebrationPrompt("birthday", "Grandma's 90th in the garden", false) },
    ]);
    expect(body.generationConfig).toEqual({
      responseModalities: ["TEXT", "IMAGE"],
      imageConfig: { aspectRatio: "1:1" },
    });

    await userEvent.setup().click(screen.getByRole("button", { name: "Download Image" }));
    expect(env.downloads()).toHaveLength(1);
    expect(env.downloads()[0]!.name).toBe("birthday-celebration.png");
    expect(await screen.findByText("Image downloaded successfully!")).toBeInTheDocument();
  });

  it("sends the inspiration image as a second inline JPEG and the chosen aspect ratio", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-only-success.json"));
    await openPage();
    await chooseType("New Baby");
    await chooseAspectRatio("Landscape (16:9)");
    await describe_("Welcome home, Mia");
    await pickInspiration();
    expect(await screen.findByRole("img", { name: "Inspiration image" })).toBeInTheDocument();
    await generate();
    await screen.findByRole("img", { name: "New Baby celebration image" });

    const body = bodyOf(requests[0]!);
    const parts = body.contents[0]!.parts;
    expect(parts).toHaveLength(2);
    expect(parts[0]!.text).toBe(celebrationPrompt("new-baby", "Welcome home, Mia", true));
    expect(parts[1]!.inlineData?.mimeType).toBe("image/jpeg");
    expect(parts[1]!.inlineData?.data).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(body.generationConfig?.imageConfig).toEqual({ aspectRatio: "16:9" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Download Image" }));
    expect(env.downloads().at(-1)?.name).toBe("new-baby-celebration.png");
  });

  it("Create Another Image clears the result, the inspiration image and the description, keeping the type", async () => {
    signedIn();
    fakeGemini(fixture("image-success.json"));
    await openPage();
    await chooseType("Graduation");
    await describe_("Class of 2026");
    await pickInspiration();
    await screen.findByRole("img", { name: "Inspiration image" });
    await generate();
    await screen.findByRole("img", { name: "Graduation celebration image" });
    expect(screen.queryByRole("button", { name: GENERATE })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("button", { name: "Create Another Image" }));
    expect(screen.queryByRole("img", { name: "Graduation celebration image" })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("");
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveFocus();
    expect(screen.queryByRole("img", { name: "Inspiration image" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose or drop a picture" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveTextContent("Graduation");
  });

  it("Remove takes the inspiration image out of the request", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openPage();
    await pickInspiration();
    await userEvent.setup().click(await screen.findByRole("button", { name: "Remove" }));
    expect(screen.queryByRole("img", { name: "Inspiration image" })).not.toBeInTheDocument();
    await fillAndGenerate("Retirement", "Forty years of teaching");
    await screen.findByRole("img", { name: "Retirement celebration image" });
    expect(bodyOf(requests[0]!).contents[0]!.parts).toHaveLength(1);
  });

  it("a double click sends one request and counts one conversion", async () => {
    signedIn();
    const requests = fakeGemini(fixture("image-success.json"));
    await openPage();
    await chooseType("Holiday");
    await describe_("Snowy cabin");
    await userEvent.setup().dblClick(screen.getByRole("button", { name: GENERATE }));
    await screen.findByRole("img", { name: "Holiday celebration image" });
    expect(requests).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });
});

describe("inspiration files that are not usable images", () => {
  it.each([
    ["empty.png", "image/png", /empty/i],
    ["not-an-image.jpg", "image/jpeg", /not an image/i],
  ])(
    "%s: a clear message, the rest of the form kept, nothing sent or counted",
    async (name, type, message) => {
      signedIn();
      const requests = fakeGemini(fixture("image-success.json"));
      await openPage();
      await chooseType("Anniversary");
      await describe_("Ten years");
      await pickInspiration(fixtureFile(name, type));
      const alert = await screen.findByText(message, { selector: "p[role=alert]" });
      expect(alert).toBeInTheDocument();
      expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("Ten years");
      expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveTextContent("Anniversary");
      expect(screen.queryByRole("img", { name: "Inspiration image" })).not.toBeInTheDocument();
      expect(requests).toHaveLength(0);
      expect(getUsedConversions(USER.id)).toBe(0);
      // The image is optional: the card can still be made without it.
      await generate();
      await screen.findByRole("img", { name: "Anniversary celebration image" });
      expect(bodyOf(requests[0]!).contents[0]!.parts).toHaveLength(1);
    },
  );
});

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
    expect(await screen.findByText("Failed to generate image. Please try again.")).toBeInTheDocument();
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

describe("limits", () => {
  it("the month's last conversion: the result stays on screen to download", async () => {
    signedIn({ used: 2 });
    fakeGemini(fixture("image-success.json"));
    await openPage();
    await fillAndGenerate("Birthday", "Sam is 7");
    await screen.findByRole("img", { name: "Birthday celebration image" });
    expect(getUsedConversions(USER.id)).toBe(3);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 0 / 3");
    await userEvent.setup().click(screen.getByRole("button", { name: "Download Image" }));
    expect(env.downloads().at(-1)?.name).toBe("birthday-celebration.png");
  });

  it("when another tab used the last conversion meanwhile, Generate sends to pricing and nothing is sent", async () => {
    signedIn({ used: 2 });
    const requests = fakeGemini(fixture("image-success.json"));
    const { router } = await openPage();
    // Another tab's conversion, written before this page heard of it.
    localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: 3 } }));
    await fillAndGenerate();
    expect(
      await screen.findByText("You've used all your free conversions for this month"),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(requests).toHaveLength(0);
  });
});
