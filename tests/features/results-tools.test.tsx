/**
 * "Results: 1 2 3 4" (issue 28 §1) on the tools beyond the styles: the Animator's character, Create Art,
 * Modify Scene and Celebrations. Each asks for two results as a $10/month user: two requests, two
 * results in the grid, two conversions counted, Download all named after the tool's download; Freemium
 * sees 2 to 4 off with the plan they need. (The whole grid, Try again, Cancel and fewer left are
 * conversion-results.test.tsx's: one shared hook and one grid.)
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { getUsedConversions } from "@/lib/usage";
import { renderApp } from "../utils";
import { animatorEnvironment, createCharacter, openPage as openAnimator } from "./animator-kit";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { fillAndGenerate, openPage as openCelebrations } from "./celebrations-kit";
import { fakeImageModel } from "./fake-image-model";
import { fill, openWithBase, sceneTestSetup, submit } from "./scene-kit";
import { fixtureFile, signedIn, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";

// The results share Batch's queue (p-queue): as in a browser, it is not told about Node's events.
hideNodeEventsFromPQueue();

async function openArt() {
  renderApp("/create-art");
  await screen.findByRole("heading", { level: 1, name: "Art Enhancer" });
}

type Case = {
  tool: string;
  /** The page's test environment (registers its hooks): the downloads made. */
  environment: () => { downloads: () => { name: string }[] };
  /** The page says the run's cost under its button. */
  costNote: boolean;
  /** Opens the page up to where the Results picker shows. */
  open: () => Promise<unknown>;
  /** Sends the run (after the count is chosen). */
  send: () => Promise<unknown>;
  zip: string;
};

const CASES: Case[] = [
  {
    tool: "Character Animator",
    environment: animatorEnvironment,
    costNote: true,
    open: openAnimator,
    send: () => createCharacter("a friendly purple robot"),
    zip: "animated-character-results.zip",
  },
  {
    tool: "Art Enhancer",
    environment: toolPageEnvironment,
    // Its upload starts the run at once: the cost note is the drawing's.
    costNote: false,
    open: openArt,
    send: async () =>
      userEvent
        .setup()
        .upload(await screen.findByTestId("file-input"), fixtureFile("portrait-astronaut.png")),
    zip: "modified-scene-results.zip",
  },
  {
    tool: "Modify Scene",
    environment: sceneTestSetup,
    costNote: true,
    open: () => openWithBase(),
    send: async () => {
      await fill("Text", "Happy Birthday, Sam!");
      await submit();
    },
    zip: "modified-scene-results.zip",
  },
  {
    tool: "Celebration Creator",
    environment: toolPageEnvironment,
    costNote: true,
    open: openCelebrations,
    send: () => fillAndGenerate("Birthday", "Grandma's 90th in the garden"),
    zip: "birthday-celebration-results.zip",
  },
];

const picker = () => screen.findByRole("radiogroup", { name: "Results" });

describe.each(CASES)("$tool: several results per run", ({ environment, costNote, open, send, zip }) => {
  const env = environment();
  it("$10/month: two results, two requests, two conversions, Download all named for the tool", async () => {
    signedIn({ tier: "$10/month" });
    const gemini = fakeImageModel(["image-success.json"]);
    await open();
    const user = userEvent.setup();
    await user.click(within(await picker()).getByRole("radio", { name: "2" }));
    if (costNote) expect(screen.getByTestId("cost-note")).toHaveTextContent(/2 conversions/);
    await send();
    const grid = within(await screen.findByRole("region", { name: "Results" }));
    expect(await grid.findByText(/^2 of 2 ready/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(grid.getAllByRole("button", { name: /^Result \d of 2,/ })).toHaveLength(2);
    expect(gemini.imageCalls()).toHaveLength(2);
    expect(getUsedConversions(USER.id)).toBe(2);
    await user.click(await grid.findByRole("button", { name: "Download all" }));
    await waitFor(() => expect(env.downloads().map((d) => d.name)).toContain(zip));
  });

  it("Freemium: one result; 2 to 4 are off, with the plan they need", async () => {
    signedIn();
    await open();
    const group = await picker();
    expect(within(group).getByRole("radio", { name: "1" })).toBeChecked();
    for (const n of ["2", "3", "4"]) expect(within(group).getByRole("radio", { name: n })).toBeDisabled();
    expect(group).toHaveAccessibleDescription(/needs \$10\/month/);
  });
});
