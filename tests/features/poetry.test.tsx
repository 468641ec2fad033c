/** Visual Poetry: the page, a poem streamed line by line, its download and copy, cancel, a long poem. */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { POEM_PROMPT } from "@/tools/poetry/prompts";
import { POEM_COLOURS } from "@/tools/poetry/poem-view";
import { getUsedConversions } from "@/lib/usage";
import { sseOf, textChunk } from "../msw/gemini-stream";
import { fakePoemGemini, openPage, poetryEnvironment, STREAMED_POEM, upload } from "./poetry-kit";
import { signedIn, TEST_USER as USER } from "./tool-kit";
import { TEXT_MODEL } from "./fake-image-model";

const env = poetryEnvironment();

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
    const gemini = fakePoemGemini({ sse: "stream-text-success.sse", pieceSize: 48, gapMs: 40 });
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
    const download = await env.lastDownload();
    expect(download.name).toBe("visual-poem.txt");
    expect(download.text.trim()).toBe(STREAMED_POEM.join("\n"));

    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Poem copied to clipboard")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(STREAMED_POEM.join("\n"));
  });

  it("falls back to a whole answer when the stream endpoint is not there", async () => {
    signedIn();
    // 405: the stream method is not offered here (a 404 is a retired model, never asked twice).
    const gemini = fakePoemGemini(
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
    fakePoemGemini({ sse: "stream-text-success.sse" });
    await openPage();
    await upload();
    await screen.findByText("Poem generated successfully!");
    await userEvent.setup().click(screen.getByRole("button", { name: "Generate Another Poem" }));
    expect(screen.getByText("Drop your image here")).toBeInTheDocument();
    expect(screen.queryByTestId("poem")).not.toBeInTheDocument();
  });

  it("Cancel while the poem streams in: nothing counted, the photo kept, no poem left", async () => {
    signedIn();
    fakePoemGemini({ sse: "stream-text-success.sse", pieceSize: 40, gapMs: 150 });
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
    fakePoemGemini({ hang: true });
    await openPage();
    await upload();
    expect(await screen.findByRole("dialog", { name: "Writing your poem..." })).toBeInTheDocument();
    await userEvent.setup().keyboard("{Escape}");
    expect(await screen.findByText("Conversion cancelled. Nothing was counted.")).toBeInTheDocument();
    expect(getUsedConversions(USER.id)).toBe(0);
  });
});

it("a long poem streamed in many small events is shown whole", async () => {
  signedIn();
  const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a very long poem about the light,`);
  fakePoemGemini({
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
