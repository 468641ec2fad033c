/**
 * What the Modify Scene tests share: the user on the $5/month plan, recorded Gemini replies and the
 * parts a request sent, the page opened with a base picture, the form filled and sent, a click on the
 * picture, and the per-test setup.
 */
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, vi } from "vitest";
import type { GeminiFixtureName, GeminiReply, GeminiRequest } from "../msw/gemini";
import { renderApp } from "../utils";
import { fixtureFile, signedIn as signIn, TEST_USER, toolPageEnvironment } from "./tool-kit";

export const USER = TEST_USER;
export const SUBMIT = "Add to Scene";

type Body = {
  contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
};

/** Scene tests run on the $5/month plan. */
export const signedIn = (used = 0) => signIn({ tier: "$5/month", used });

export const fixture = (name: GeminiFixtureName): GeminiReply => ({ fixture: name });
export const partsOf = (request: GeminiRequest) => (request.body as Body).contents[0]!.parts;

/** Registers the per-test setup (call once at the top of a test file); returns the tool page environment. */
export function sceneTestSetup() {
  const env = toolPageEnvironment();
  beforeEach(() => {
    // Every picture gets its own preview URL, so the page's pictures can be told apart.
    let urls = 0;
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => `blob:scene-${++urls}`);
  });
  return env;
}

export async function openWithBase(file = fixtureFile("portrait-astronaut.png")) {
  const view = renderApp("/create-nft");
  await screen.findByRole("heading", { level: 1, name: "Modify Scene" });
  await userEvent.setup().upload(await screen.findByTestId("file-input"), file);
  await screen.findByRole("button", { name: SUBMIT });
  return view;
}

export async function fill(type: "Image" | "Text" | "Widget", description: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("radio", { name: type }));
  const box = screen.getByRole("textbox", { name: /Describe the|The text to add/ });
  await user.clear(box);
  await user.click(box);
  await user.paste(description);
}

/** A click on the base picture at the given fractions of its width and height. */
export function clickPicture(fx: number, fy: number) {
  const image = screen.getByTestId("scene-base");
  vi.spyOn(image, "getBoundingClientRect").mockReturnValue(
    DOMRect.fromRect({ x: 100, y: 50, width: 400, height: 300 }),
  );
  fireEvent.click(image, { clientX: 100 + 400 * fx, clientY: 50 + 300 * fy });
}

export async function submit() {
  await userEvent.setup().click(screen.getByRole("button", { name: SUBMIT }));
}
