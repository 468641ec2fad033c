/**
 * The local preview engine's error answers, in Gemini's shape, for every malformed request, and the
 * failure it gives on request for end-to-end tests (LOCAL_AI_FAULTS=1).
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  FAULT_MARKER,
  handleGenerateContent,
  handleLocalAiRequest,
  MAX_BODY_BYTES,
} from "../../server/local-ai/engine.ts";
import { base64Of, ENDPOINT, imageBody, post, TEXT_ENDPOINT, textBody, type GeminiError } from "./helpers.ts";

const TROUBLESHOOTING =
  "Please retry or report in https://developers.generativeai.google/guide/troubleshooting";

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
