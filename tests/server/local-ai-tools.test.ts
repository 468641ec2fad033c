/**
 * How the local preview engine picks a tool's handler: by the id in x-cucumber-tool, with the tool's
 * details in x-cucumber-tool-input (percent-encoded JSON of one object, src/config/tool-input.ts),
 * never by the prompt's words. A made-up tool registered here is answered through
 * handleLocalAiRequest; an unknown id, or none, takes the generic path; a tool input the engine cannot
 * read is refused with Gemini's 400 INVALID_ARGUMENT before the request waits its turn.
 */
import { afterEach, describe, expect, test } from "vitest";
import { handleLocalAiRequest, processingQueue } from "../../server/local-ai/engine.ts";
import { BadRequest } from "../../server/local-ai/request.ts";
import { registerEngineTool, type ToolRequest } from "../../server/local-ai/tools/index.ts";
import {
  encodeToolInput,
  MAX_TOOL_INPUT_CHARS,
  MAX_TOOL_INPUT_STRING,
  TOOL_HEADER,
  TOOL_INPUT_HEADER,
} from "../../src/config/tool-input.ts";
import { ENDPOINT, imageBody, partsOf, TEXT_ENDPOINT, textBody, type GeminiError } from "./helpers.ts";

const removals: Array<() => void> = [];
afterEach(() => {
  while (removals.length > 0) removals.pop()!();
});

/** A request through the engine's entry point, with these headers beside the JSON content type. */
function send(body: unknown, headers: Record<string, string>, url = ENDPOINT): Promise<Response> {
  return handleLocalAiRequest(
    new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function refusal(response: Response): Promise<string> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as GeminiError;
  expect(body.error).toMatchObject({ code: 400, status: "INVALID_ARGUMENT" });
  return body.error.message;
}

describe("a tool registered with the engine", () => {
  test("answers its tool's requests, reading what it needs from the input", async () => {
    const seen: ToolRequest[] = [];
    removals.push(
      registerEngineTool("echo-test", (request) => {
        seen.push(request);
        return async () => ({ text: `echo: ${String(request.input.say)} (${request.imageCount} image)` });
      }),
    );
    const input = { say: "¡hola, 世界! 🥒", times: 2, loud: true };
    const response = await send(imageBody("Whatever the prompt says.", "coffee.png"), {
      [TOOL_HEADER]: "Echo-Test",
      [TOOL_INPUT_HEADER]: encodeToolInput(input),
    });
    expect((await partsOf(response))[0]?.text).toBe("echo: ¡hola, 世界! 🥒 (1 image)");
    expect(seen[0]).toMatchObject({ tool: "echo-test", input, prompt: "Whatever the prompt says." });
  });

  test("a handler's refusal is a 400 answered before the request waits its turn", async () => {
    let rendered = false;
    removals.push(
      registerEngineTool("picky-test", (request) => {
        if (request.input.colour === undefined) throw new BadRequest("picky-test needs a colour.");
        return async () => {
          rendered = true;
          return { text: "fine" };
        };
      }),
    );
    // The engine is busy until the refusal has arrived: a refusal that waited its turn never would.
    let letGo = () => {};
    const busy = processingQueue.run(() => new Promise<void>((resolve) => (letGo = resolve)));
    expect(processingQueue.busy).toBe(true);
    const message = await refusal(await send(imageBody("Paint it."), { [TOOL_HEADER]: "picky-test" }));
    expect(message).toBe("picky-test needs a colour.");
    expect(rendered).toBe(false);
    letGo();
    await busy;
  });

  test("one id has one handler; once removed, the id takes the generic path again", async () => {
    const remove = registerEngineTool("twice-test", () => async () => ({ text: "mine" }));
    expect(() => registerEngineTool("twice-test", () => async () => ({ text: "theirs" }))).toThrow(
      /already has a handler/,
    );
    expect(() => registerEngineTool("scene", () => async () => ({ text: "theirs" }))).toThrow();
    const body = imageBody("make it moody", "coffee.png", "image/png");
    expect((await partsOf(await send(body, { [TOOL_HEADER]: "twice-test" })))[0]?.text).toBe("mine");
    remove();
    expect((await partsOf(await send(body, { [TOOL_HEADER]: "twice-test" })))[0]?.text).toBe(
      "Local preview: custom edit applied.",
    );
  });

  test("asked for words, a tool's request takes the generic text answer (handlers draw)", async () => {
    removals.push(registerEngineTool("drawer-test", () => async () => ({ text: "a drawing" })));
    const parts = await partsOf(
      await send(textBody("Describe it.", "coffee.png"), { [TOOL_HEADER]: "drawer-test" }, TEXT_ENDPOINT),
    );
    expect(parts[0]?.text).toMatch(/^A dim landscape photo \(600x400\)/);
  });
});

describe("a request of an unknown tool, or of none", () => {
  test.each([[{}], [{ [TOOL_HEADER]: "no-such-tool" }], [{ [TOOL_HEADER]: "  " }]])(
    "%j: the photo is restyled as the words ask",
    async (headers) => {
      const body = imageBody("Make it look like the Simpsons.", "coffee.png", "image/png");
      expect((await partsOf(await send(body, headers)))[0]?.text).toBe(
        "Local preview: Simpsons style applied.",
      );
    },
  );
});

describe("the tool input header", () => {
  test("percent-encoded JSON of one object, any script surviving; strings cut to a length the engine draws", () => {
    const long = "🥒".repeat(MAX_TOOL_INPUT_STRING + 50);
    const encoded = encodeToolInput({ words: long, n: 3 });
    expect(encoded).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/);
    const decoded = JSON.parse(decodeURIComponent(encoded)) as { words: string; n: number };
    expect(Array.from(decoded.words)).toHaveLength(MAX_TOOL_INPUT_STRING);
    expect(decoded.n).toBe(3);
    // The longest strings the app sends fit the engine's cap, in the script that encodes longest.
    expect(encodeToolInput({ description: "語".repeat(1000), kind: "widget" }).length).toBeLessThan(
      MAX_TOOL_INPUT_CHARS,
    );
  });

  test.each([
    ["not percent-encoded", "%E0%A4%A", /percent-encoded JSON/],
    ["not JSON", encodeURIComponent("{kind: text}"), /percent-encoded JSON/],
    ["a list", encodeURIComponent('["text"]'), /expected a JSON object/],
    ["a string", encodeURIComponent('"text"'), /expected a JSON object/],
    ["null", "null", /expected a JSON object/],
    [
      "too long",
      encodeURIComponent(JSON.stringify({ words: "a".repeat(MAX_TOOL_INPUT_CHARS) })),
      /at most 8192/,
    ],
  ])("%s is refused with 400 INVALID_ARGUMENT", async (_case, header, message) => {
    const body = imageBody("Add a widget.", "coffee.png", "image/png");
    const response = await send(body, { [TOOL_HEADER]: "scene", [TOOL_INPUT_HEADER]: header });
    expect(await refusal(response)).toMatch(message);
  });

  test("is read for every request, whichever the tool or none", async () => {
    const body = textBody("Describe it.", "coffee.png");
    expect((await send(body, { [TOOL_INPUT_HEADER]: "%%" }, TEXT_ENDPOINT)).status).toBe(400);
    expect((await send(body, { [TOOL_INPUT_HEADER]: "" }, TEXT_ENDPOINT)).status).toBe(200);
  });
});
