/**
 * The local preview engine's text answers (built from the image's real content), request-shape
 * tolerance (camelCase and snake_case), and Gemini's error answers for every malformed request.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  FAULT_MARKER,
  handleGenerateContent,
  handleLocalAiRequest,
  MAX_BODY_BYTES,
} from "../../server/local-ai/engine.ts";
import { nameColour } from "../../server/local-ai/text.ts";
import {
  base64Of,
  ENDPOINT,
  imageBody,
  imageOf,
  partsOf,
  post,
  TEXT_ENDPOINT,
  textBody,
  type GeminiError,
} from "./helpers.ts";

const TROUBLESHOOTING =
  "Please retry or report in https://developers.generativeai.google/guide/troubleshooting";

async function textOf(response: Response): Promise<string> {
  const parts = await partsOf(response);
  expect(parts).toHaveLength(1);
  return parts[0].text ?? "";
}

async function expectError(response: Response, code: number, status: string, message?: string | RegExp) {
  expect(response.status).toBe(code);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = (await response.json()) as GeminiError;
  expect(Object.keys(body)).toEqual(["error"]);
  expect(body.error.code).toBe(code);
  expect(body.error.status).toBe(status);
  expect(typeof body.error.message).toBe("string");
  if (typeof message === "string") expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body.error;
}

describe("text answers from the image's real content", () => {
  test("colour names", () => {
    expect(nameColour(152, 120, 88).name).toBe("tan");
    expect(nameColour(168, 40, 8).name).toBe("red");
    expect(nameColour(30, 90, 200).name).toBe("blue");
    expect(nameColour(50, 50, 50).name).toBe("charcoal");
    expect(nameColour(10, 10, 10).name).toBe("black");
    expect(nameColour(250, 250, 250).name).toBe("white");
    expect(nameColour(60, 160, 60).name).toBe("green");
  });

  test("the cat is described in tan and brown, the coffee in orange: each by what is in it", async () => {
    const cat = await textOf(
      await post(
        textBody("Describe this image to build a tailored prompt.", "cat-chelsea.png"),
        TEXT_ENDPOINT,
      ),
    );
    const coffee = await textOf(
      await post(textBody("Describe this image to build a tailored prompt.", "coffee.png"), TEXT_ENDPOINT),
    );
    expect(cat).toMatch(/^A softly lit landscape photo \(451x300\) dominated by warm tan and brown tones/);
    expect(coffee).toMatch(/^A dim landscape photo \(600x400\) dominated by warm orange and brown tones/);
    expect(cat).not.toMatch(/\borange\b/);
    expect(coffee).not.toMatch(/\btan\b/);
    // One paragraph, no style keyword that would hijack the image call it is appended to.
    for (const text of [cat, coffee]) {
      expect(text).not.toContain("\n");
      expect(text).not.toMatch(/hulk|muppet|frog|simpsons|gta|family guy|skeleton|x-ray|cucumber|party/i);
    }
  });

  test("a square portrait is described as such", async () => {
    const text = await textOf(
      await post(textBody("Analyse this image", "portrait-astronaut.png"), TEXT_ENDPOINT),
    );
    expect(text).toContain("square photo (512x512)");
  });

  test("the 12 MP EXIF-rotated photo is reported at its upright size", async () => {
    const text = await textOf(await post(textBody("Describe", "photo-12mp-exif-rotated.jpg"), TEXT_ENDPOINT));
    expect(text).toContain("portrait photo (3000x4000)");
  }, 30_000);

  test("a poem has 6 to 10 lines and names the image's colours", async () => {
    const poem = await textOf(
      await post(
        textBody("Write a visual, colourful poem with line breaks about this image.", "coffee.png"),
        TEXT_ENDPOINT,
      ),
    );
    const lines = poem.split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines.every((line) => line.trim().length > 0)).toBe(true);
    expect(poem).toMatch(/orange/i);
    expect(poem).toMatch(/brown/i);
    expect(poem).toContain("600 by 400");
  });

  test("without an image: a short text from the prompt, and a short poem", async () => {
    const text = await textOf(await post(textBody("What can you do?"), TEXT_ENDPOINT));
    expect(text).toContain('"What can you do?"');
    expect(text.length).toBeLessThan(300);
    const poem = await textOf(await post(textBody("Write a poem about autumn leaves"), TEXT_ENDPOINT));
    expect(poem.split("\n").length).toBeGreaterThanOrEqual(6);
    expect(poem).toContain("autumn");
  });
});

describe("request shapes", () => {
  test("snake_case fields and mixed-case modalities, as the spec's Frog call sends them", async () => {
    const body = {
      contents: [
        {
          role: "user",
          parts: [
            { text: "Add a frog to the scene" },
            { inline_data: { mime_type: "image/png", data: base64Of("coffee.png") } },
          ],
        },
      ],
      generation_config: { response_modalities: ["Text", "Image"], temperature: 0.4, top_k: 32 },
    };
    const out = await imageOf(await post(body));
    expect([out.width, out.height]).toEqual([600, 400]);
  });

  test("snake_case text request", async () => {
    const body = {
      contents: [
        {
          parts: [
            { text: "describe" },
            { inline_data: { mime_type: "image/png", data: base64Of("coffee.png") } },
          ],
        },
      ],
      generation_config: { response_modalities: ["TEXT"] },
    };
    expect(await textOf(await post(body, TEXT_ENDPOINT))).toContain("(600x400)");
  });

  test("the API key header is optional, and ignored when present", async () => {
    const withKey = await post(textBody("hello"), TEXT_ENDPOINT, {
      headers: { "x-goog-api-key": "anything" },
    });
    expect(withKey.status).toBe(200);
    const withoutKey = await post(textBody("hello"), TEXT_ENDPOINT);
    expect(withoutKey.status).toBe(200);
  });

  test("base64 with line breaks is accepted", async () => {
    const data = base64Of("cat-chelsea.gif").replace(/(.{76})/g, "$1\n");
    const body = {
      contents: [{ parts: [{ text: "gta" }, { inlineData: { mimeType: "image/gif", data } }] }],
      generationConfig: { responseModalities: ["IMAGE"] },
    };
    expect((await imageOf(await post(body))).width).toBe(226);
  });
});

describe("errors, in Gemini's shape", () => {
  afterEach(() => vi.restoreAllMocks());

  test("invalid JSON -> 400 INVALID_ARGUMENT", async () => {
    await expectError(await post("{not json"), 400, "INVALID_ARGUMENT", /^Invalid JSON payload received\./);
    await expectError(await post(""), 400, "INVALID_ARGUMENT", /^Invalid JSON payload received\./);
    await expectError(await post("[1,2]"), 400, "INVALID_ARGUMENT", /^Invalid JSON payload received\./);
  });

  test("missing contents or parts -> 400 INVALID_ARGUMENT", async () => {
    await expectError(await post({}), 400, "INVALID_ARGUMENT", /contents is not specified/);
    await expectError(await post({ contents: [] }), 400, "INVALID_ARGUMENT", /contents is not specified/);
    await expectError(await post({ contents: [{}] }), 400, "INVALID_ARGUMENT", /parts must not be empty/);
    await expectError(
      await post({ contents: [{ parts: [] }] }),
      400,
      "INVALID_ARGUMENT",
      /parts must not be empty/,
    );
    await expectError(
      await post({ contents: [{ parts: [{}] }] }),
      400,
      "INVALID_ARGUMENT",
      /required oneof field 'data'/,
    );
    await expectError(
      await post({ contents: [{ parts: [{ text: 42 }] }] }),
      400,
      "INVALID_ARGUMENT",
      /TYPE_STRING/,
    );
  });

  test.each(["not-an-image.jpg", "truncated.jpg", "empty.png"])(
    "%s as inline data -> 400 Unable to process input image",
    async (file) => {
      for (const body of [imageBody("hulk", file), textBody("describe", file)]) {
        await expectError(
          await post(body),
          400,
          "INVALID_ARGUMENT",
          `Unable to process input image. ${TROUBLESHOOTING}`,
        );
      }
    },
  );

  test("inline data that is not base64 (a data: URL) -> 400", async () => {
    const body = {
      contents: [
        {
          parts: [
            { text: "hulk" },
            {
              inlineData: { mimeType: "image/png", data: `data:image/png;base64,${base64Of("coffee.png")}` },
            },
          ],
        },
      ],
    };
    await expectError(await post(body), 400, "INVALID_ARGUMENT", /Base64 decoding failed/);
  });

  test("a non-image MIME type or a bad modality -> 400", async () => {
    const pdf = {
      contents: [
        { parts: [{ text: "read" }, { inlineData: { mimeType: "application/pdf", data: "JVBERi0=" } }] },
      ],
    };
    await expectError(await post(pdf), 400, "INVALID_ARGUMENT", /Unsupported MIME type/);
    const modality = {
      contents: [{ parts: [{ text: "x" }] }],
      generationConfig: { responseModalities: ["VIDEO"] },
    };
    await expectError(await post(modality), 400, "INVALID_ARGUMENT", /response_modalities\[0\]/);
  });

  test("wrong method -> 405", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await handleGenerateContent(new Request(ENDPOINT, { method }));
      expect(response.headers.get("allow")).toBe("POST");
      await expectError(response, 405, "METHOD_NOT_ALLOWED");
    }
  });

  test("a body over 20 MB -> 413, whether declared or streamed", async () => {
    const big = "x".repeat(MAX_BODY_BYTES + 1);
    await expectError(
      await post(big),
      413,
      "INVALID_ARGUMENT",
      /payload size exceeds the limit: 20971520 bytes/,
    );
    const declared = new Request(ENDPOINT, {
      method: "POST",
      headers: { "content-length": String(MAX_BODY_BYTES + 10) },
      body: "{}",
    });
    await expectError(await handleGenerateContent(declared), 413, "INVALID_ARGUMENT");
  });

  test("an unexpected failure (the body stream breaks) -> 500 INTERNAL, never a throw", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"contents":'));
        controller.error(new Error("socket hang up"));
      },
    });
    const request = new Request(ENDPOINT, { method: "POST", body: broken, duplex: "half" } as RequestInit);
    await expectError(
      await handleGenerateContent(request),
      500,
      "INTERNAL",
      `An internal error has occurred. ${TROUBLESHOOTING}`,
    );
    expect(log).toHaveBeenCalled();
  });

  test("a cross-site browser request -> 403", async () => {
    const response = await post(textBody("hi"), ENDPOINT, {
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    });
    await expectError(response, 403, "PERMISSION_DENIED");
    const sameOrigin = await post(textBody("hi"), TEXT_ENDPOINT, {
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(200);
  });

  test("any other path under /__local-ai -> 404 NOT_FOUND; the model name may be anything", async () => {
    const other = await handleLocalAiRequest(
      new Request("http://localhost/__local-ai/v1beta/models", { method: "GET" }),
    );
    await expectError(other, 404, "NOT_FOUND");
    const stream = await handleLocalAiRequest(
      new Request("http://localhost/__local-ai/v1beta/models/x:streamGenerateContent", {
        method: "POST",
        body: "{}",
      }),
    );
    await expectError(stream, 404, "NOT_FOUND");
    const routed = await handleLocalAiRequest(
      new Request("http://localhost/__local-ai/v1beta/models/some-future-model%3AgenerateContent", {
        method: "POST",
        body: JSON.stringify(textBody("hi")),
      }),
    );
    expect(routed.status).toBe(200);
  });
});

describe("failures on request (LOCAL_AI_FAULTS=1, for end-to-end tests)", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test("answer Gemini's 500 for a prompt with the marker, only when switched on", async () => {
    const prompt = `A teapot ${FAULT_MARKER}`;
    expect((await post(textBody(prompt))).status).toBe(200);

    vi.stubEnv("LOCAL_AI_FAULTS", "1");
    await expectError(
      await post(textBody(prompt)),
      500,
      "INTERNAL",
      `An internal error has occurred. ${TROUBLESHOOTING}`,
    );
    expect((await post(textBody("A teapot"))).status).toBe(200);
  });
});
