/**
 * The Celebration Creator page at work: the form and its checks, generating and downloading the image
 * (with and without an inspiration image), inspiration files that are not images, and the month's limit.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CELEBRATION_TYPES, celebrationPrompt } from "@/tools/celebrations/prompts";
import { getUsedConversions, monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import {
  bodyOf,
  chooseShape,
  chooseType,
  fillAndGenerate,
  fixture,
  generate,
  GENERATE,
  openPage,
  pickInspiration,
  USER,
  writeDescription,
} from "./celebrations-kit";
import { fakeGemini, fixtureFile, signedIn, toolPageEnvironment } from "./tool-kit";

const env = toolPageEnvironment();

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
    expect(screen.getByRole("combobox", { name: "Shape" })).toHaveTextContent("Square 1:1");
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
    // Each rule said once, under its field; no toast repeats it (issue 27 §4).
    expect(await screen.findAllByText("Please select a celebration type")).toHaveLength(1);
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveFocus();
    // Both rules are shown at once, so nobody has to submit twice to find the second.
    expect(screen.getAllByText("Please enter a description for your celebration image")).toHaveLength(1);

    await chooseType("Wedding");
    expect(screen.queryByText("Please select a celebration type", { selector: "p" })).not.toBeInTheDocument();
    await writeDescription("    ");
    await generate();
    expect(await screen.findAllByText("Please enter a description for your celebration image")).toHaveLength(
      1,
    );
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveFocus();
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("textbox", { name: "Description" })).toHaveAccessibleDescription(
      /Please enter a description for your celebration image/,
    );
    expect(requests).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveTextContent("Wedding");

    // A huge paste is cut at the field's limit, and the count says so.
    await writeDescription("confetti ".repeat(300));
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
    expect(image).toHaveAttribute("src", expect.stringMatching(/^blob:/));
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
      // The default image model's thinking level (src/config/gemini-calls.ts).
      thinkingConfig: { thinkingLevel: "MEDIUM" },
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
    await chooseShape("Landscape 16:9");
    await writeDescription("Welcome home, Mia");
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
    await writeDescription("Class of 2026");
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
    await writeDescription("Snowy cabin");
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
      await writeDescription("Ten years");
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
