/**
 * Never lose work at a gate (issue 27 §1), every tool: a task the month's limit stops is kept whole
 * (photos, words, options), Pricing says what is kept, and its "Go back" brings the person back to the
 * tool with every input in place, nothing sent or counted (the limit still reached: nothing runs by
 * itself, nothing sends them to Pricing again). The style tools' Convert Anything has its own test
 * (conversion-custom.test.tsx).
 */
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "@/app/providers";
import { appRoutes } from "@/app/routes";
import { backToTask, keepGateTask } from "@/lib/creations";
import { getUsedConversions, monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import { hideNodeEventsFromPQueue } from "./batch-jsdom";
import { INSTRUCTION, photos } from "./batch-kit";
import { chooseShape, chooseType, pickInspiration, writeDescription } from "./celebrations-kit";
import { fakeImageModel } from "./fake-image-model";
import { clickPicture, fill } from "./scene-kit";
import { fixtureFile, signedIn, TEST_USER as USER, toolPageEnvironment } from "./tool-kit";
import { renderApp, testQueryClient } from "../utils";

/** A photo brought back is loaded again (its decoding code fetched, on a busy machine too): up to 5 s. */
const LOADED = { timeout: 5000 };

hideNodeEventsFromPQueue();
toolPageEnvironment();

type Case = {
  tool: string;
  path: string;
  /** Fills the tool's inputs and presses its button (the month's conversions all used by then). */
  start: (user: ReturnType<typeof userEvent.setup>) => Promise<void>;
  /** What Pricing says is kept. */
  kept: string;
  /** Every input back in place. */
  back: () => Promise<void>;
};

/** Another tab used the month's 20 conversions meanwhile. */
const spendAll = () =>
  localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: 20 } }));

const upload = (user: ReturnType<typeof userEvent.setup>, file = fixtureFile("cat-chelsea.png")) =>
  user.upload(screen.getByTestId("file-input"), file);

/**
 * A photo picked as the other tab uses the last conversions: the count changes as the file arrives
 * (before, the page would turn its picker off), so the tool's own check at the upload or the run stops it.
 */
async function uploadAsAllAreUsed(user: ReturnType<typeof userEvent.setup>) {
  const input = screen.getByTestId("file-input");
  input.addEventListener("change", spendAll, { once: true });
  await upload(user);
}

const cases: Case[] = [
  {
    tool: "Modify Scene: the picture, the picture to add, the words, the kind and the place",
    path: "/create-nft",
    start: async (user) => {
      await upload(user);
      await screen.findByTestId("scene-base");
      await fill("Image", "a party hat");
      await user.upload(
        screen.getByLabelText("Picture to add", { selector: "input" }),
        fixtureFile("portrait-astronaut.png"),
      );
      await screen.findByRole("img", { name: "Picture to add" });
      clickPicture(0.9, 0.9);
      spendAll();
      await user.click(screen.getByRole("button", { name: "Add to Scene" }));
    },
    kept: "Your 2 photos and your words are kept.",
    back: async () => {
      expect(await screen.findByRole("img", { name: "Base image" }, LOADED)).toBeInTheDocument();
      expect(await screen.findByRole("img", { name: "Picture to add" }, LOADED)).toBeInTheDocument();
      expect(screen.getByRole("radio", { name: "Image" })).toBeChecked();
      expect(screen.getByRole("textbox", { name: "Describe the image to add" })).toHaveValue("a party hat");
      expect(screen.getByRole("combobox", { name: "Position (optional)" })).toHaveTextContent("Bottom right");
    },
  },
  {
    tool: "Celebrations: the type, the description, the shape and the inspiration image",
    path: "/celebrations",
    start: async (user) => {
      await chooseType("New Baby");
      await chooseShape("Landscape 16:9");
      await writeDescription("Welcome home, little Ada");
      await pickInspiration();
      await screen.findByRole("img", { name: "Inspiration image" });
      spendAll();
      await user.click(screen.getByRole("button", { name: "Generate Celebration Image" }));
    },
    kept: "Your photo and your words are kept.",
    back: async () => {
      expect(await screen.findByRole("img", { name: "Inspiration image" }, LOADED)).toBeInTheDocument();
      expect(screen.getByRole("combobox", { name: "Celebration type" })).toHaveTextContent("New Baby");
      expect(screen.getByRole("combobox", { name: "Shape" })).toHaveTextContent("Landscape 16:9");
      expect(screen.getByRole("textbox", { name: "Description" })).toHaveValue("Welcome home, little Ada");
    },
  },
  {
    tool: "the Animator: the character's words and shape, without a photo",
    path: "/animator",
    start: async (user) => {
      await user.click(screen.getByRole("combobox", { name: "Shape" }));
      await user.click(await screen.findByRole("option", { name: "Portrait 3:4" }));
      await user.click(screen.getByRole("textbox", { name: "Character description" }));
      await user.paste("a friendly purple robot");
      spendAll();
      await user.click(screen.getByRole("button", { name: "Create Character" }));
    },
    kept: "Your words are kept.",
    back: async () => {
      expect(await screen.findByDisplayValue("a friendly purple robot")).toBeInTheDocument();
      expect(screen.getByRole("combobox", { name: "Shape" })).toHaveTextContent("Portrait 3:4");
    },
  },
  {
    tool: "Visual Poetry: the photo waits with Write the Poem",
    path: "/visual-poetry",
    start: uploadAsAllAreUsed,
    kept: "Your photo is kept.",
    back: async () => {
      expect(await screen.findByRole("img", { name: "Your photo" }, LOADED)).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Write the Poem" })).toBeInTheDocument();
    },
  },
  {
    tool: "Create Art: the uploaded picture waits, not enhanced",
    path: "/create-art",
    start: uploadAsAllAreUsed,
    kept: "Your photo is kept.",
    back: async () => {
      expect(await screen.findByRole("img", { name: "Original" }, LOADED)).toBeInTheDocument();
      expect(await screen.findByText("Not enhanced yet. Nothing was counted.")).toBeInTheDocument();
    },
  },
  {
    tool: "Batch: every photo and the instruction",
    path: "/batch-processing",
    start: async (user) => {
      await user.upload(screen.getByTestId("files-input"), photos(3));
      await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(3));
      await user.click(screen.getByLabelText("Instruction"));
      await user.paste(INSTRUCTION);
      spendAll();
      await user.click(screen.getByRole("button", { name: "Process All Images" }));
    },
    kept: "Your 3 photos and your words are kept.",
    back: async () => {
      await waitFor(() => expect(screen.getAllByTestId("batch-card")).toHaveLength(3));
      expect(within(screen.getAllByTestId("batch-card")[2]!).getByText("photo-3.png")).toBeInTheDocument();
      expect(screen.getByLabelText("Instruction")).toHaveValue(INSTRUCTION);
    },
  },
];

describe("a gate keeps the whole task of every tool", () => {
  for (const c of cases) {
    it(c.tool, async () => {
      signedIn({ tier: "$5/month" });
      const gemini = fakeImageModel(["image-success.json"]);
      const { router } = renderApp(c.path);
      const user = userEvent.setup();
      await screen.findByRole("heading", { level: 1 });
      await c.start(user);

      // Pricing comes once the photos are kept (read and written to IndexedDB: a moment in jsdom).
      await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"), { timeout: 5_000 });
      expect(await screen.findByText(c.kept)).toBeInTheDocument();

      await user.click(screen.getByRole("link", { name: "Go back" }));
      await waitFor(() => expect(router.state.location.pathname).toBe(c.path));
      await c.back();
      expect(gemini.calls).toHaveLength(0);
      expect(getUsedConversions(USER.id)).toBe(20);
      // Still on the tool: the limit sent nobody to Pricing again.
      expect(router.state.location.pathname).toBe(c.path);
    });
  }
});

describe("Create Art's drawing", () => {
  it("a drawing a gate kept comes back on the drawing tab, not as an upload, and is not sent", async () => {
    signedIn({ tier: "$5/month" });
    const gemini = fakeImageModel(["image-success.json"]);
    const returnTo = await keepGateTask("/create-art", {
      files: [fixtureFile("portrait-astronaut.png", "image/png", "drawing.png")],
      options: { source: "drawing" },
    });
    // Paid: the last way back.
    const back = backToTask(returnTo, { last: true });
    const router = createMemoryRouter(appRoutes(), {
      initialEntries: [{ pathname: back.path, state: back.state }],
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Draw Your Own" })).toHaveAttribute("aria-selected", "true"),
    );
    expect(screen.queryByRole("img", { name: "Original" })).not.toBeInTheDocument();
    expect(gemini.calls).toHaveLength(0);
  });
});
