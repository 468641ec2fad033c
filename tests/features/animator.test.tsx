/** The Character Animator: the form, a character drawn and downloaded, its animation, a reload, Create New. */
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ANIMATION_PROMPT, characterPrompt } from "@/tools/animator/prompts";
import { getVariant } from "@/config/variants";
import { listCreations } from "@/lib/creations";
import { getUsedConversions } from "@/lib/usage";
import { fixtureJson } from "../msw/gemini";
import { installCanvasStubs } from "../stubs/canvas";
import { readGif } from "./animator-gif";
import { fakeImageModel } from "./fake-image-model";
import {
  animatorEnvironment,
  counter,
  createCharacter,
  describeCharacter,
  DESCRIPTION,
  openPage,
} from "./animator-kit";
import { expectNoToast, signedIn, TEST_USER as USER } from "./tool-kit";
import { fakeMediaQueryList } from "../media-query";
import { shownPicture } from "../utils";

const env = animatorEnvironment();

describe("Character Animator (/animator)", () => {
  it("shows the form, the empty result panel, the counter and what a run costs", async () => {
    signedIn();
    await openPage();
    const field = screen.getByRole("textbox", { name: "Character description" });
    expect(field).toBeRequired();
    expect(screen.getByRole("button", { name: "Voice Input" })).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Shape" })).toHaveTextContent("Square 1:1");
    expect(screen.getByRole("button", { name: "Create Character" })).toBeEnabled();
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 3 left this month.",
    );
    expect(screen.queryByRole("button", { name: "Download" })).not.toBeInTheDocument();
  });

  it.each([
    ["an empty", ""],
    ["a whitespace-only", "   "],
  ])("%s prompt: the toast 'Please enter a prompt' and nothing sent", async (_name, words) => {
    signedIn();
    const { calls } = fakeImageModel(["image-success.json"]);
    await openPage();
    await createCharacter(words);
    expect(await screen.findByText("Please enter a prompt")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
  });

  it("creates a character: the real prompt at the chosen aspect ratio, the image and its text, one conversion, the PNG download", async () => {
    signedIn();
    const { calls } = fakeImageModel(["image-success.json"], { latencyMs: 800 });
    await openPage();
    const user = await describeCharacter();
    await user.click(screen.getByRole("combobox", { name: "Shape" }));
    await user.click(await screen.findByRole("option", { name: "Landscape 16:9" }));
    await user.click(screen.getByRole("button", { name: "Create Character" }));

    expect(await screen.findByRole("dialog", { name: "Generating Character Styles..." })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generating..." })).toBeDisabled();
    const image = await screen.findByRole("img", { name: `Generated character: ${DESCRIPTION}` });
    expect(image).toHaveAttribute("src", expect.stringMatching(/^blob:/));
    expect(screen.getByText("Here is your image with one cucumber added.")).toBeInTheDocument();
    expect(await screen.findByText("Character created successfully!")).toBeInTheDocument();
    expect(screen.queryByText("Your character will appear here")).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(counter()).toHaveTextContent("Remaining conversions: 2 / 3");

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.model).toBe("gemini-nano-banana-2.1");
    expect(call!.body.contents[0]!.parts).toEqual([{ text: characterPrompt(DESCRIPTION) }]);
    expect(call!.body.generationConfig).toEqual({
      responseModalities: ["TEXT", "IMAGE"],
      imageConfig: { aspectRatio: "16:9" },
      // The default image model's thinking level (src/config/gemini-calls.ts).
      thinkingConfig: { thinkingLevel: "MEDIUM" },
    });

    await user.click(screen.getByRole("button", { name: "Download" }));
    expect(env.downloads().at(-1)?.name).toBe("animated-character.png");
    const png = await env.downloaded("animated-character.png");
    expect(Array.from(png.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const fixtureImage = (
      fixtureJson("image-success.json") as {
        candidates: { content: { parts: { inlineData?: { data: string } }[] } }[];
      }
    ).candidates[0]!.content.parts.find((p) => p.inlineData)!.inlineData!.data;
    expect(png.length).toBe(atob(fixtureImage).length);
  });

  it("a double click on Create Character sends one request and counts one", async () => {
    signedIn();
    const { calls } = fakeImageModel(["image-success.json"], { latencyMs: 150 });
    await openPage();
    const user = await describeCharacter();
    await user.dblClick(screen.getByRole("button", { name: "Create Character" }));
    await screen.findByText("Character created successfully!");
    expect(calls).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("animates the character: one request with the character image, four frames playing, the GIF download, one more conversion", async () => {
    signedIn();
    const { calls } = fakeImageModel(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));

    const player = await screen.findByRole("img", { name: "Animated character" });
    expect(await screen.findByText("Animation ready!")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(counter()).toHaveTextContent("Remaining conversions: 1 / 3");

    expect(calls).toHaveLength(2);
    const parts = calls[1]!.body.contents[0]!.parts;
    expect(parts[0]).toEqual({ text: ANIMATION_PROMPT });
    const sentCharacter = screen.getByRole("img", { name: `Generated character: ${DESCRIPTION}` });
    // The character shown is what goes back, byte for byte.
    expect(`data:${parts[1]!.inlineData!.mimeType};base64,${parts[1]!.inlineData!.data}`).toBe(
      await shownPicture(sentCharacter),
    );
    expect(calls[1]!.body.generationConfig?.imageConfig).toEqual({ aspectRatio: "1:1" });

    // It plays: the frame shown moves on by itself.
    const first = player.getAttribute("data-frame");
    await waitFor(() => expect(player.getAttribute("data-frame")).not.toBe(first), { timeout: 2000 });
    // Pause stops it; a frame can then be picked.
    await user.click(screen.getByRole("button", { name: "Pause animation" }));
    const frames = within(screen.getByRole("list", { name: "Frames" }));
    await user.click(frames.getByRole("button", { name: "Show frame 3 of 4" }));
    expect(player).toHaveAttribute("data-frame", "3");
    expect(frames.getByRole("button", { name: "Show frame 3 of 4" })).toHaveAttribute("aria-current", "true");
    await new Promise((r) => setTimeout(r, 400));
    expect(player).toHaveAttribute("data-frame", "3");
    // The four quarters of the sheet are four different frames.
    const urls = Array.from(screen.getByRole("list", { name: "Frames" }).querySelectorAll("img")).map((img) =>
      img.getAttribute("src"),
    );
    expect(new Set(urls).size).toBe(4);
    expect(screen.getByRole("button", { name: "Play animation" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Download GIF" }));
    const gif = readGif(await env.downloaded("animated-character.gif"));
    expect(gif.version).toBe("GIF89a");
    expect(gif.frames).toBe(4);
    expect(gif.loopCount).toBe(0);
    expect([gif.width, gif.height]).toEqual([8, 8]);
  });

  it("a reload shows the last character with its animation again (from My Creations); nothing is sent or counted", async () => {
    signedIn();
    const { calls } = fakeImageModel(["image-success.json"]);
    const first = await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));
    await screen.findByText("Animation ready!");
    // The GIF is kept with the character as its original.
    await waitFor(async () => {
      const kept = (await listCreations(USER.id, { tool: "animator" })).items;
      expect(kept.map((r) => [r.kind, r.hasOriginal])).toEqual([
        ["gif", true],
        ["image", false],
      ]);
    });
    act(() => first.unmount());

    await openPage();
    const character = await screen.findByRole("img", { name: `Generated character: ${DESCRIPTION}` });
    expect(character.getAttribute("src")).toMatch(/^blob:/);
    expect(await screen.findByRole("img", { name: "Animated character" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download GIF" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Animate" })).toBeEnabled();
    expect(calls).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("with reduced motion asked for, the frames are shown side by side and nothing plays", async () => {
    vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
      fakeMediaQueryList(query, query.includes("prefers-reduced-motion")),
    );
    signedIn();
    fakeImageModel(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));
    for (const n of [1, 2, 3, 4]) {
      expect(await screen.findByRole("img", { name: `Frame ${n} of 4` })).toBeInTheDocument();
    }
    expect(screen.queryByRole("img", { name: "Animated character" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pause animation" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Download GIF" })).toBeEnabled();
  });

  it("a failed animation keeps the character, says what happened, counts nothing; Try again animates", async () => {
    signedIn();
    const { calls } = fakeImageModel(["image-success.json", "finish-no-image.json", "image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Animate" }));
    const banner = await screen.findByTestId("error-banner");
    expect(banner).toHaveTextContent("Failed to animate character: No image returned from API");
    // Said once, by the banner; no toast repeats it (issue 27 §4).
    await expectNoToast();
    expect(screen.getByRole("img", { name: `Generated character: ${DESCRIPTION}` })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);

    await user.click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("img", { name: "Animated character" })).toBeInTheDocument();
    expect(screen.queryByTestId("error-banner")).not.toBeInTheDocument();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.body.contents[0]!.parts[0]).toEqual({ text: ANIMATION_PROMPT });
    expect(getUsedConversions(USER.id)).toBe(2);
  });

  it("Create New clears the form and the result", async () => {
    signedIn();
    fakeImageModel(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await user.click(screen.getByRole("button", { name: "Create New" }));
    expect(screen.getByText("Your character will appear here")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Character description" })).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Download" })).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("Edit with… takes the character to Frog: converted there, kept as Animator → Frog", async () => {
    signedIn(); // Freemium: three conversions, two used here.
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage();
    const user = await createCharacter();
    await screen.findByText("Character created successfully!");
    await waitFor(async () => expect((await listCreations(USER.id, { tool: "animator" })).total).toBe(1));
    const [character] = (await listCreations(USER.id, { tool: "animator" })).items;
    // The frog page prepares its photo on the shared canvas stand-ins (this file's draws sprite sheets).
    installCanvasStubs();
    await user.click(await screen.findByRole("button", { name: "Edit with…" }));
    await user.click(await screen.findByRole("menuitem", { name: "Frog" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: getVariant("frog").title }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: "Modified" })).toBeInTheDocument();
    // The frog conversion was sent a picture (the character's), and each tool counted one.
    const [, frogCall] = gemini.imageCalls();
    expect(frogCall!.body.contents[0]!.parts.some((part) => part.inlineData)).toBe(true);
    expect(getUsedConversions(USER.id)).toBe(2);
    await waitFor(async () => expect((await listCreations(USER.id, { tool: "frog" })).total).toBe(1));
    const [frog] = (await listCreations(USER.id, { tool: "frog" })).items;
    expect(frog!.from).toEqual([{ tool: "animator", id: character!.id }]);
  });
});
