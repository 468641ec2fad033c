/// <reference types="node" />
import fs from "node:fs";
import path from "node:path";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POEM_PROMPT } from "@/config/prompts";
import { poemFailureMessage, POEM_COPY } from "@/features/poetry/run-poem";
import { POEM_COLOURS } from "@/features/poetry/poem-view";
import { getUsedConversions } from "@/lib/usage";
import { server } from "../msw/server";
import { GEMINI_BASE_URL, geminiHandler, type GeminiReply } from "../msw/gemini";
import { geminiStreamHandler, sseOf, textChunk, type GeminiStreamReply } from "../msw/gemini-stream";
import { makeUser, storeSession, subscriptionHandler } from "../msw/supabase";
import { installCanvasStubs } from "../stubs/canvas";
import { renderApp } from "../utils";
import { holdRetryWaits, instantRetryWaits, passRetryWaits } from "./retry-waits";

const USER = makeUser();
const TEXT_MODEL = "gemini-3.8-flash";
const STREAMED_POEM = [
  "Golden light on a quiet face,",
  "A helmet held with steady grace,",
  "Stars and stripes behind her stand,",
  "The whole sky waiting in her hand.",
];

function fixtureFile(name: string, type = "image/png") {
  const bytes = fs.readFileSync(path.resolve("tests/fixtures/images", name));
  return new File([bytes], name, { type });
}

/** The fake Gemini: the stream endpoint answers `stream` in order; generateContent (fallback) `whole`. */
function fakeGemini(stream: GeminiStreamReply | GeminiStreamReply[], whole?: GeminiReply | GeminiReply[]) {
  const streamed = geminiStreamHandler(stream);
  const plain = whole ? geminiHandler(whole) : undefined;
  // The stream handler first: geminiHandler answers any other path under /models with a 404.
  server.use(streamed.handler, ...(plain ? [plain.handler] : []));
  return { stream: streamed.requests, whole: plain?.requests ?? [] };
}

let downloads: { name: string; blob: Blob | undefined }[] = [];
let blobs: Blob[] = [];
let restoreCanvas: () => void;

beforeEach(() => {
  restoreCanvas = installCanvasStubs();
  vi.stubEnv("VITE_GEMINI_API_KEY", "test-default-key");
  vi.stubEnv("VITE_GEMINI_BASE_URL", GEMINI_BASE_URL);
  downloads = [];
  blobs = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((object: Blob | MediaSource) => {
    if (object instanceof Blob) blobs.push(object);
    return `blob:test-${blobs.length}`;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const index = Number(/blob:test-(\d+)/.exec(this.href)?.[1] ?? 0) - 1;
    downloads.push({ name: this.download, blob: blobs[index] });
  });
});

afterEach(() => {
  restoreCanvas();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

function signedIn() {
  storeSession();
  server.use(subscriptionHandler(null));
}

async function openPage() {
  const view = renderApp("/visual-poetry");
  await screen.findByRole("heading", { level: 1, name: "Visual Poetry" });
  return view;
}

async function upload(file = fixtureFile("portrait-astronaut.png")) {
  const input = await screen.findByTestId("file-input");
  await userEvent.setup().upload(input, file);
}

/** A Blob's text (jsdom's Blob has no text()). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsText(blob);
  });
}

const banner = () => screen.findByTestId("error-banner");

instantRetryWaits();

/** The advice sentence under the banner's message. */
function adviceOf(element: HTMLElement) {
  return element.querySelector("[data-slot=alert-description] p")?.textContent ?? "";
}

describe("Visual Poetry", () => {
  it("says what it does and what it costs before anything runs", async () => {
    signedIn();
    await openPage();
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(await screen.findByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 3 / 3");
    expect(screen.getByTestId("cost-note")).toHaveTextContent(
      "This uses 1 conversion of your 3 left this month.",
    );
  });

  it("streams the poem line by line in rotating colours, counts one, downloads and copies it", async () => {
    signedIn();
    const gemini = fakeGemini({ sse: "stream-text-success.sse", pieceSize: 48, gapMs: 40 });
    await openPage();
    await upload();
    expect(await screen.findByText("Image uploaded successfully")).toBeInTheDocument();
    // The first line is on the page while the rest is still being written.
    expect(await screen.findByText(STREAMED_POEM[0]!)).toBeInTheDocument();
    expect(screen.queryByText(STREAMED_POEM[3]!)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
    expect(await screen.findByText("Poem generated successfully!")).toBeInTheDocument();

    const lines = screen.getAllByTestId("poem-line");
    expect(lines.map((l) => l.textContent)).toEqual(STREAMED_POEM);
    lines.forEach((line, i) => {
      for (const cls of POEM_COLOURS[i % POEM_COLOURS.length]!.split(" ")) expect(line).toHaveClass(cls);
    });
    expect(new Set(lines.map((l) => l.className)).size).toBe(4);
    expect(getUsedConversions(USER.id)).toBe(1);
    expect(screen.getByTestId("remaining-counter")).toHaveTextContent("Remaining conversions: 2 / 3");

    const [request] = gemini.stream;
    expect(gemini.stream).toHaveLength(1);
    expect(request!.model).toBe(TEXT_MODEL);
    expect(request!.url.search).toBe("?alt=sse");
    expect(request!.headers.get("x-goog-api-key")).toBe("test-default-key");
    const parts = (
      request!.body as { contents: { parts: { text?: string; inlineData?: { mimeType: string } }[] }[] }
    ).contents[0]!.parts;
    expect(parts[0]!.text).toBe(POEM_PROMPT);
    expect(parts[1]!.inlineData?.mimeType).toBe("image/jpeg");

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Download Poem" }));
    expect(await screen.findByText("Poem downloaded successfully!")).toBeInTheDocument();
    expect(downloads.at(-1)?.name).toBe("visual-poem.txt");
    expect((await blobText(downloads.at(-1)!.blob!)).trim()).toBe(STREAMED_POEM.join("\n"));

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Poem copied to clipboard")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(STREAMED_POEM.join("\n"));
  }, 15_000);

  it("falls back to a whole answer when the stream endpoint is not there", async () => {
    signedIn();
    // 405: the stream method is not offered here (a 404 is a retired model, never asked twice).
    const gemini = fakeGemini(
      { text: "Method Not Allowed", status: 405, contentType: "text/plain" },
      { fixture: "text-success.json" },
    );
    await openPage();
    await upload();
    expect(await screen.findByText("Golden light spills over a quiet face,")).toBeInTheDocument();
    expect(await screen.findByText("Poem generated successfully!")).toBeInTheDocument();
    expect(gemini.whole).toHaveLength(1);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it("Generate Another Poem clears the poem and goes back to the upload", async () => {
    signedIn();
    fakeGemini({ sse: "stream-text-success.sse" });
    await openPage();
    await upload();
    await screen.findByText("Poem generated successfully!");
    await userEvent.setup().click(screen.getByRole("button", { name: "Generate Another Poem" }));
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(screen.queryByTestId("poem")).not.toBeInTheDocument();
  });

  it("Cancel while the poem streams in: nothing counted, the photo kept, no poem left", async () => {
    signedIn();
    fakeGemini({ sse: "stream-text-success.sse", pieceSize: 40, gapMs: 150 });
    await openPage();
    await upload();
    await screen.findByText(STREAMED_POEM[0]!);
    await userEvent.setup().click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("img", { name: "Your photo" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download Poem" })).not.toBeInTheDocument();
  });

  it("Escape cancels while waiting for the first line", async () => {
    signedIn();
    fakeGemini({ hang: true });
    await openPage();
    await upload();
    expect(await screen.findByRole("dialog", { name: "Writing your poem..." })).toBeInTheDocument();
    await userEvent.setup().keyboard("{Escape}");
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});

describe("retries: up to 3 attempts, 1 s apart, for what a retry can fix", () => {
  it("two overloaded answers, then the poem: 3 attempts, the wait shown, one conversion", async () => {
    signedIn();
    const gemini = fakeGemini([
      { fixture: "error-503-overloaded.json" },
      { fixture: "error-503-overloaded.json" },
      { sse: "stream-text-success.sse" },
    ]);
    await openPage();
    holdRetryWaits();
    await upload();
    expect(await screen.findByText(/Trying again in 1 s \(attempt 2 of 3\)/)).toBeInTheDocument();
    passRetryWaits();
    expect(await screen.findByText("Poem generated successfully!")).toBeInTheDocument();
    expect(gemini.stream).toHaveLength(3);
    expect(getUsedConversions(USER.id)).toBe(1);
  });

  it.each<[string, GeminiStreamReply, RegExp]>([
    ["offline", { networkError: true }, /offline|connection/i],
    ["a stream cut off mid-poem", { sse: "stream-text-success.sse", dropAfter: 250 }, /dropped/i],
    ["a proxy's HTML error page", { text: "<html>Bad gateway</html>", status: 502 }, /problem/i],
  ])(
    "%s: 3 attempts, then the default message with the advice; nothing counted",
    async (_name, reply, advice) => {
      signedIn();
      const gemini = fakeGemini(reply);
      await openPage();
      await upload();
      const element = await banner();
      expect(element).toHaveTextContent(`Error: ${POEM_COPY.defaultFailure}`);
      expect(adviceOf(element)).toMatch(advice);
      expect(await screen.findByText(POEM_COPY.defaultFailure)).toBeInTheDocument();
      expect(gemini.stream).toHaveLength(3);
      expect(getUsedConversions(USER.id)).toBe(0);
      expect(screen.getByRole("img", { name: "Your photo" })).toBeInTheDocument();
      expect(screen.queryByTestId("poem")).not.toBeInTheDocument();
      expect(within(element).getByRole("button", { name: "Try again" })).toBeInTheDocument();
    },
  );
});

describe("failures a retry cannot fix: at once, with their own message", () => {
  it.each<[string, GeminiStreamReply, RegExp, GeminiReply?]>([
    ["bad key", { fixture: "error-400-api-key-invalid.json" }, /API error: API key not valid/],
    ["leaked key", { fixture: "error-403-key-leaked.json" }, /API error: /],
    ["daily quota", { fixture: "error-429-daily-quota.json" }, /API error: /],
    ["blocked answer (SAFETY)", { sse: "stream-safety-stop.sse" }, /No response generated\./],
    [
      "blocked photo",
      { sse: { raw: sseOf([{ promptFeedback: { blockReason: "IMAGE_SAFETY" } }]) } },
      /No response generated\./,
    ],
    [
      "retired model",
      { fixture: "error-404-model-not-found.json" },
      /API error: /,
      { fixture: "error-404-model-not-found.json" },
    ],
  ])("%s", async (_name, reply, message, whole) => {
    signedIn();
    const gemini = fakeGemini(reply, whole);
    await openPage();
    await upload();
    const element = await banner();
    expect(element).toHaveTextContent(/^Error: Failed to generate poem: /);
    expect(element).toHaveTextContent(message);
    expect(adviceOf(element).length).toBeGreaterThan(20);
    expect(gemini.stream).toHaveLength(1);
    expect(gemini.whole).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.queryByTestId("poem")).not.toBeInTheDocument();
  });

  it("no key and no local engine: the spec's no-key message", async () => {
    signedIn();
    vi.stubEnv("VITE_GEMINI_API_KEY", "");
    const gemini = fakeGemini({ sse: "stream-text-success.sse" });
    await openPage();
    await upload();
    expect(await banner()).toHaveTextContent("No API key provided. Please enter a Google Gemini API key.");
    expect(gemini.stream).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});

describe("the poem's failure messages (SPEC 8)", () => {
  it("chooses by uploads first, then earlier failures", () => {
    expect(poemFailureMessage({ earlierFailures: 0, uploads: 1 })).toBe(POEM_COPY.defaultFailure);
    expect(poemFailureMessage({ earlierFailures: 1, uploads: 3 })).toBe(POEM_COPY.defaultFailure);
    expect(poemFailureMessage({ earlierFailures: 2, uploads: 1 })).toBe(POEM_COPY.serviceIssues);
    expect(poemFailureMessage({ earlierFailures: 0, uploads: 4 })).toBe(POEM_COPY.imageTrouble);
  });

  it("after two earlier failures: the service message; Generate Another Poem clears the counters", async () => {
    signedIn();
    fakeGemini([
      { fixture: "error-400-api-key-invalid.json" },
      { fixture: "error-400-api-key-invalid.json" },
      { fixture: "error-503-overloaded.json" },
      { fixture: "error-503-overloaded.json" },
      { fixture: "error-503-overloaded.json" },
      { sse: "stream-text-success.sse" },
      { fixture: "error-503-overloaded.json" },
    ]);
    await openPage();
    await upload();
    const user = userEvent.setup();
    for (let i = 0; i < 2; i++) {
      await waitFor(() => expect(screen.getByTestId("error-banner")).toHaveTextContent(/API key not valid/));
      const tryAgain = within(screen.getByTestId("error-banner")).getByRole("button", { name: "Try again" });
      await user.click(tryAgain);
    }
    await waitFor(() =>
      expect(screen.getByTestId("error-banner")).toHaveTextContent(POEM_COPY.serviceIssues),
    );
    expect(adviceOf(screen.getByTestId("error-banner"))).toMatch(/overloaded/i);
    await user.click(within(screen.getByTestId("error-banner")).getByRole("button", { name: "Try again" }));
    await screen.findByText("Poem generated successfully!");
    expect(getUsedConversions(USER.id)).toBe(1);
    await user.click(screen.getByRole("button", { name: "Generate Another Poem" }));
    await upload();
    // The counters were cleared: the default message again, not the service one.
    expect(await banner()).toHaveTextContent(`Error: ${POEM_COPY.defaultFailure}`);
  });

  it("after more than 3 uploads: the try-a-different-image message", async () => {
    signedIn();
    fakeGemini([
      { fixture: "error-403-key-leaked.json" },
      { fixture: "error-403-key-leaked.json" },
      { fixture: "error-403-key-leaked.json" },
      { fixture: "error-500-internal.json" },
    ]);
    await openPage();
    const user = userEvent.setup();
    for (let i = 0; i < 3; i++) {
      await upload(fixtureFile(i % 2 ? "cat-chelsea.png" : "portrait-astronaut.png"));
      await waitFor(() =>
        expect(screen.getByTestId("error-banner")).toHaveTextContent(/Failed to generate poem: /),
      );
      await user.click(screen.getByRole("button", { name: "Try a Different Photo" }));
    }
    await upload(fixtureFile("cat-chelsea.png"));
    expect(await banner()).toHaveTextContent(`Error: ${POEM_COPY.imageTrouble}`);
    expect(adviceOf(screen.getByTestId("error-banner"))).toMatch(/problem/i);
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});

describe("files that are not usable photos", () => {
  it.each([
    ["empty.png", "image/png", /empty/i],
    ["not-an-image.jpg", "image/jpeg", /not an image/i],
  ])("%s: a clear message, no request, nothing counted, upload still open", async (name, type, message) => {
    signedIn();
    const gemini = fakeGemini({ sse: "stream-text-success.sse" });
    await openPage();
    await upload(fixtureFile(name, type));
    expect(await banner()).toHaveTextContent(message);
    expect(gemini.stream).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
  });
});

it("a long poem streamed in many small events is shown whole", async () => {
  signedIn();
  const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a very long poem about the light,`);
  fakeGemini({
    sse: {
      raw: sseOf([...long.map((line) => textChunk(`${line}\n`)), textChunk("The end.", "STOP")]),
    },
    pieceSize: 300,
  });
  await openPage();
  await upload();
  await screen.findByText("Poem generated successfully!");
  expect(screen.getAllByTestId("poem-line")).toHaveLength(41);
});
