// What a streamed text answer counts at the proxy (api/_lib/ai-answer.ts StreamWatcher, wholeAnswerCount):
// the same rule as the page's (src/lib/gemini/stream-events.ts): text, then STOP or MAX_TOKENS, delivers.
import { describe, expect, it } from "vitest";
import { StreamWatcher, wholeAnswerCount } from "../../api/_lib/ai-answer";

const chunk = (text: string, finishReason?: string, thought = false) => ({
  candidates: [
    {
      content: { role: "model", parts: [{ text, ...(thought ? { thought } : {}) }] },
      index: 0,
      ...(finishReason ? { finishReason } : {}),
    },
  ],
});
const sse = (...events: unknown[]) => events.map((e) => `data: ${JSON.stringify(e)}\r\n\r\n`).join("");

function watch(text: string, pieceSize = 7): StreamWatcher {
  const watcher = new StreamWatcher();
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += pieceSize) watcher.push(bytes.slice(i, i + pieceSize));
  watcher.finish();
  return watcher;
}

const stream = { model: "gemini-3.8-flash", method: "streamGenerateContent", kind: "text" } as const;

describe("StreamWatcher: a poem delivered is a poem counted", () => {
  it.each([
    ["STOP after some text", sse(chunk("Red sky,\n"), chunk("blue sea.", "STOP")), true],
    [
      "MAX_TOKENS after some text (the page shows it)",
      sse(chunk("Red sky,\n"), chunk("blue", "MAX_TOKENS")),
      true,
    ],
    ["MAX_TOKENS on an empty last chunk", sse(chunk("Red sky,\n"), chunk("", "MAX_TOKENS")), true],
    [
      "MAX_TOKENS with nothing but thoughts",
      sse(chunk("Planning...", undefined, true), chunk("", "MAX_TOKENS")),
      false,
    ],
    ["STOP with no text", sse(chunk("", "STOP")), false],
    ["SAFETY after some text", sse(chunk("Roses on the "), chunk("", "SAFETY")), false],
    ["no final chunk (cut short)", sse(chunk("Red sky,\n")), false],
    ["an error after MAX_TOKENS", `${sse(chunk("Red", "MAX_TOKENS"))}{"error":{"code":500}}\n\n`, false],
  ])("%s: %s", (_what, text, completed) => {
    expect(watch(text).completed).toBe(completed);
    expect(wholeAnswerCount(stream, text)).toBe(completed ? 1 : 0);
  });
});
