// What a streamed text answer counts at the proxy (api/_lib/ai-answer.ts StreamWatcher, wholeAnswerCount):
// the same rule as the page's (src/lib/gemini/stream-events.ts): text, then STOP or MAX_TOKENS, delivers.
// And the lean copy of a large whole answer (LeanJson) the proxy counts a 4K picture from.
import { describe, expect, it } from "vitest";
import { answerHasImage, LeanJson, StreamWatcher, wholeAnswerCount } from "../../api/_lib/ai-answer";

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

describe("LeanJson: a large answer's JSON without its long strings", () => {
  /** `value` as JSON, pushed in pieces of `size` bytes, read back from the lean copy. */
  function lean(value: unknown, size: number, keep = 8): unknown {
    const copy = new LeanJson(keep);
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    for (let i = 0; i < bytes.length; i += size) copy.push(bytes.slice(i, i + size));
    return JSON.parse(copy.text());
  }

  const picture = {
    candidates: [
      {
        content: {
          parts: [{ text: "Here." }, { inlineData: { mimeType: "image/png", data: "A".repeat(5000) } }],
        },
        finishReason: "STOP",
      },
    ],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 3780 },
  };

  it.each([1, 3, 7, 64, 100_000])("keeps the structure, cuts long strings (pieces of %i bytes)", (size) => {
    const copy = lean(picture, size) as typeof picture;
    expect(copy.usageMetadata).toEqual(picture.usageMetadata);
    expect(copy.candidates[0]!.finishReason).toBe("STOP");
    expect(copy.candidates[0]!.content.parts[1]!.inlineData!.data).toBe("AAAAAAAA");
    expect(copy.candidates[0]!.content.parts[1]!.inlineData!.mimeType).toBe("image/pn");
    expect(answerHasImage(copy)).toBe(true);
  });

  it.each([1, 2, 5])("never cuts inside an escape or a character (pieces of %i bytes)", (size) => {
    const value = {
      a: 'é"\\u00e9\n✓😀 and more words',
      b: ["\u0001\u001fx", 'q"q"q"q"q"q'],
      c: null,
      d: 1.5,
    };
    for (const keep of [1, 2, 3, 4, 5, 6, 7, 8, 40]) {
      const copy = lean(value, size, keep) as typeof value;
      expect(value.a.startsWith(copy.a)).toBe(true);
      expect(value.b[1]!.startsWith(copy.b[1]!)).toBe(true);
      expect([copy.c, copy.d]).toEqual([null, 1.5]);
    }
  });
});
