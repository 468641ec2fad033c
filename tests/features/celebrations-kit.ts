/**
 * What the Celebration Creator tests share: the user, a recorded Gemini reply and the body a request
 * sent, the page opened, the form's type, aspect ratio, description and inspiration image filled in,
 * and Generate clicked.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GeminiFixtureName, GeminiReply, GeminiRequest } from "../msw/gemini";
import { renderApp } from "../utils";
import { fixtureFile, TEST_USER } from "./tool-kit";

export const USER = TEST_USER;
export const GENERATE = "Generate Celebration Image";

type Body = {
  contents: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] }[];
  generationConfig?: { responseModalities?: string[]; imageConfig?: { aspectRatio?: string } };
};

export const fixture = (name: GeminiFixtureName): GeminiReply => ({ fixture: name });
export const bodyOf = (request: GeminiRequest) => request.body as Body;

export async function openPage() {
  const view = renderApp("/celebrations");
  await screen.findByRole("heading", { level: 1, name: "Celebration Creator" });
  return view;
}

export async function chooseType(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Celebration type" }));
  await user.click(await screen.findByRole("option", { name: label }));
}

export async function chooseShape(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("combobox", { name: "Shape" }));
  await user.click(await screen.findByRole("option", { name }));
}

export async function writeDescription(text: string) {
  const user = userEvent.setup();
  const box = screen.getByRole("textbox", { name: "Description" });
  await user.clear(box);
  // Pasted, not typed key by key: the same change event, and quick on a busy CI machine.
  await user.click(box);
  await user.paste(text);
}

export async function pickInspiration(file = fixtureFile("cat-chelsea.png")) {
  await userEvent.setup().upload(screen.getByLabelText("Inspiration image", { selector: "input" }), file);
}

export async function generate() {
  await userEvent.setup().click(screen.getByRole("button", { name: GENERATE }));
}

export async function fillAndGenerate(type = "Birthday", text = "Grandma's 90th in the garden") {
  await chooseType(type);
  await writeDescription(text);
  await generate();
}
