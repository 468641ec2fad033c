/** Visual Poetry when things go wrong: retries, failures a retry cannot fix, the poem's messages, bad files. */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { poemFailureMessage, POEM_COPY } from "@/tools/poetry/run-poem";
import { getUsedConversions } from "@/lib/usage";
import type { GeminiReply } from "../msw/gemini";
import { sseOf, type GeminiStreamReply } from "../msw/gemini-stream";
import { adviceOf, banner, fakePoemGemini, openPage, poetryEnvironment, upload } from "./poetry-kit";
import { holdRetryWaits, passRetryWaits } from "./retry-waits";
import { expectNoToast, fixtureFile, signedIn, TEST_USER as USER } from "./tool-kit";

poetryEnvironment();

describe("retries: up to 3 attempts, 1 s apart, for what a retry can fix", () => {
  it("two overloaded answers, then the poem: 3 attempts, the wait shown, one conversion", async () => {
    signedIn();
    const gemini = fakePoemGemini([
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
      const gemini = fakePoemGemini(reply);
      await openPage();
      await upload();
      const element = await banner();
      expect(element).toHaveTextContent(`Error: ${POEM_COPY.defaultFailure}`);
      expect(adviceOf(element)).toMatch(advice);
      // Said once, by the banner; no toast repeats it (issue 27 §4).
      await expectNoToast();
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
    const gemini = fakePoemGemini(reply, whole);
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
    const gemini = fakePoemGemini({ sse: "stream-text-success.sse" });
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
    fakePoemGemini([
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
    fakePoemGemini([
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
    const gemini = fakePoemGemini({ sse: "stream-text-success.sse" });
    await openPage();
    await upload(fixtureFile(name, type));
    expect(await banner()).toHaveTextContent(message);
    expect(gemini.stream).toHaveLength(0);
    expect(getUsedConversions(USER.id)).toBe(0);
    expect(screen.getByRole("button", { name: "Select Image" })).toBeEnabled();
  });
});
