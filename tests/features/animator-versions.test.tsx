/**
 * The Character Animator's strip of versions (src/components/tool-versions.tsx): every character made
 * since the page started is a version, the first one first (a character made from words has no
 * original photo); choosing one shows it and makes it the one Animate animates; a reload brings back
 * the strip with the version chosen; choosing counts nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import { fixtureJson } from "../msw/gemini";
import { animatorEnvironment, createCharacter, openPage } from "./animator-kit";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fakeImageModel } from "./fake-image-model";
import { keptOf } from "./incoming-kit";
import { fakeGemini, signedIn, TEST_USER as USER } from "./tool-kit";

animatorEnvironment();

const ROBOT = "a purple robot";
const CAT = "a green cat";
const strip = () => screen.findByRole("region", { name: "Versions of this photo" });
const FIRST = /^Animator(?! 2)/;
const SECOND = /^Animator 2/;

/** image-success.json's picture (the robot, and the sprite sheet of the animation). */
function robotBase64(): string {
  const json = fixtureJson("image-success.json") as {
    candidates: { content: { parts: { inlineData?: { data: string } }[] } }[];
  };
  return json.candidates[0]!.content.parts.find((p) => p.inlineData)!.inlineData!.data;
}

/** An answer with another picture: the cat. */
function catReply() {
  const data = fs.readFileSync(path.resolve("tests/fixtures/images/cat-chelsea.png")).toString("base64");
  return {
    json: {
      candidates: [
        {
          content: { role: "model", parts: [{ inlineData: { mimeType: "image/png", data } }] },
          finishReason: "STOP",
        },
      ],
    },
  };
}

/** What the animation request sent as the character. */
function sentCharacter(body: unknown): string | undefined {
  const parts = (body as { contents: { parts: { inlineData?: { data: string } }[] }[] }).contents[0]!.parts;
  return parts.find((p) => p.inlineData)?.inlineData?.data;
}

async function expectChosen(name: RegExp) {
  await waitFor(async () =>
    expect(within(await strip()).getByRole("button", { name })).toHaveAttribute("aria-current", "true"),
  );
}

describe("Character Animator: the versions of the character", () => {
  it("two characters give a strip of both; choosing the first shows it, counts nothing, is animated, and comes back after a reload", async () => {
    signedIn({ tier: "$5/month" });
    const requests = fakeGemini([
      { fixture: "image-success.json" },
      catReply(),
      { fixture: "image-success.json" },
    ]);
    const first = await openPage();
    await createCharacter(ROBOT);
    await screen.findByRole("img", { name: `Generated character: ${ROBOT}` });
    await keptOf("animator", 1);
    await createCharacter(CAT);
    await screen.findByRole("img", { name: `Generated character: ${CAT}` });
    await keptOf("animator", 2);

    // Both characters, the first first; no original (they were made from words); the newest shown.
    const versions = await strip();
    await waitFor(() =>
      expect(within(versions).getAllByRole("button", { name: /^Animator/ })).toHaveLength(2),
    );
    expect(within(versions).queryByRole("button", { name: /^Original/ })).not.toBeInTheDocument();
    await expectChosen(SECOND);
    expect(getUsedConversions(USER.id)).toBe(2);

    // Choosing the first shows it as the character, and counts nothing.
    const user = userEvent.setup();
    await user.click(within(versions).getByRole("button", { name: FIRST }));
    await screen.findByRole("img", { name: `Generated character: ${ROBOT}` });
    await expectChosen(FIRST);
    expect(screen.queryByRole("img", { name: `Generated character: ${CAT}` })).not.toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(2);
    expect(requests).toHaveLength(2);

    // A reload brings back the strip with the first chosen.
    act(() => first.unmount());
    const second = await openPage();
    await screen.findByRole("img", { name: `Generated character: ${ROBOT}` });
    await expectChosen(FIRST);
    expect(within(await strip()).getByRole("button", { name: SECOND })).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(2);

    // Animate animates the character chosen: the robot is what is sent; one more conversion.
    await user.click(screen.getByRole("button", { name: "Animate" }));
    await screen.findByText("Animation ready!");
    expect(requests).toHaveLength(3);
    expect(sentCharacter(requests[2]!.body)).toBe(robotBase64());
    expect(getUsedConversions(USER.id)).toBe(3);
    // The animation is not a version: the strip still shows the two characters, the robot chosen.
    await keptOf("animator", 3);
    await expectChosen(FIRST);
    expect(within(await strip()).getAllByRole("button", { name: /^Animator/ })).toHaveLength(2);

    // After a reload: the robot, its animation, and the strip with the robot chosen.
    act(() => second.unmount());
    await openPage();
    await screen.findByRole("img", { name: `Generated character: ${ROBOT}` });
    expect(await screen.findByRole("img", { name: "Animated character" })).toBeInTheDocument();
    await expectChosen(FIRST);
    expect(within(await strip()).getByRole("button", { name: SECOND })).toBeInTheDocument();
    // Nor is the character the animation was made from an original: no "Original" in the strip.
    expect(within(await strip()).getAllByRole("button", { name: /^(Animator|Original)/ })).toHaveLength(2);
    expect(requests).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(3);
  });
});

describe("several characters from one description (issue 28 §1)", () => {
  hideNodeEventsFromPQueue();

  it("$10/month: three characters at once, each counted, each a version on the strip", async () => {
    signedIn({ tier: "$10/month" });
    const gemini = fakeImageModel(["image-success.json"]);
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "3" }));
    expect(screen.getByTestId("cost-note")).toHaveTextContent(/3 conversions/);
    await createCharacter(ROBOT);
    const grid = within(await screen.findByRole("region", { name: "Results" }));
    expect(await grid.findByText(/^3 of 3 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(gemini.imageCalls()).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(3);
    expect(screen.getByRole("img", { name: `Generated character: ${ROBOT}` })).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await strip()).getAllByRole("button", { name: /^Animator/ })).toHaveLength(3),
    );
    await user.click(grid.getByRole("button", { name: /^Result 2 of 3,/ }));
    expect(grid.getByRole("button", { name: /^Result 2 of 3,/ })).toHaveAttribute("aria-current", "true");
  });
});
