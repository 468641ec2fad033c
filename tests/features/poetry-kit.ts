/**
 * What the Visual Poetry tests share: the poem the fake streams, the fake Gemini (the stream endpoint,
 * and generateContent as the fallback), the page's environment with the file behind each download,
 * opening the page, uploading a photo, and reading the banner.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { server } from "../msw/server";
import { geminiHandler, type GeminiReply } from "../msw/gemini";
import { geminiStreamHandler, type GeminiStreamReply } from "../msw/gemini-stream";
import { renderApp } from "../utils";
import { keepObjectUrlBlobs } from "./object-url-blobs";
import { fixtureFile, toolPageEnvironment } from "./tool-kit";

export const STREAMED_POEM = [
  "Golden light on a quiet face,",
  "A helmet held with steady grace,",
  "Stars and stripes behind her stand,",
  "The whole sky waiting in her hand.",
];

/** The fake Gemini: the stream endpoint answers `stream` in order; generateContent (fallback) `whole`. */
export function fakePoemGemini(
  stream: GeminiStreamReply | GeminiStreamReply[],
  whole?: GeminiReply | GeminiReply[],
) {
  const streamed = geminiStreamHandler(stream);
  const plain = whole ? geminiHandler(whole) : undefined;
  // The stream handler first: geminiHandler answers any other path under /models with a 404.
  server.use(streamed.handler, ...(plain ? [plain.handler] : []));
  return { stream: streamed.requests, whole: plain?.requests ?? [] };
}

/** The tool page environment (tool-kit.ts), and the text of the last download named `name`. */
export function poetryEnvironment() {
  const env = toolPageEnvironment();
  const blobOf = keepObjectUrlBlobs();
  /** The last download, and its text (jsdom's Blob has no text()). */
  async function lastDownload() {
    const entry = env.downloads().at(-1);
    const blob = entry && blobOf(entry.href);
    if (!entry || !blob) throw new Error("nothing was downloaded");
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error("read failed"));
      reader.readAsText(blob);
    });
    return { name: entry.name, text };
  }
  return { lastDownload };
}

export async function openPage() {
  const view = renderApp("/visual-poetry");
  await screen.findByRole("heading", { level: 1, name: "Visual Poetry" });
  return view;
}

export async function upload(file = fixtureFile("portrait-astronaut.png")) {
  const input = await screen.findByTestId("file-input");
  await userEvent.setup().upload(input, file);
}

export const banner = () => screen.findByTestId("error-banner");

/** The advice sentence under the banner's message. */
export function adviceOf(element: HTMLElement) {
  return element.querySelector("[data-slot=alert-description] p")?.textContent ?? "";
}
