/// <reference types="node" />
// /api/ai (api/ai.ts), the hosted mode's AI proxy, over HTTP on the running server of global-setup.ts
// (which forwards to the local preview engine, as `npm start` does without a key), against the real
// local backend: what is counted is read back from the database.
import { REASONS } from "../../api/ai";
import { encodeToolInput } from "../../src/config/tool-input";
import { PUBLISHABLE_KEY, signUpUser, accessToken } from "./helpers";
import {
  IMAGE_MODEL,
  TEXT_MODEL,
  imageBody,
  textBody,
  url,
  post,
  usageOf,
  expectGeminiError,
} from "./ai-proxy-helpers";

describe("POST /api/ai on the running server (local preview engine upstream)", () => {
  it("gives a Freemium user exactly three results, then refuses the fourth before sending it", async () => {
    const user = await signUpUser("proxy-freemium");
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await post(user, imageBody());
      expect(response.status).toBe(200);
      const answer = (await response.json()) as {
        candidates: { content: { parts: { inlineData?: unknown }[] } }[];
      };
      expect(answer.candidates[0].content.parts.some((part) => part.inlineData)).toBe(true);
      expect(response.headers.get("x-conversions-limit")).toBe("3");
      remaining.push(response.headers.get("x-conversions-remaining") ?? "");
    }
    expect(remaining).toEqual(["2", "1", "0"]);

    const refused = await post(user, imageBody());
    const body = await expectGeminiError(refused, 403, REASONS.limitReached);
    expect(body.error).toMatchObject({
      status: "PERMISSION_DENIED",
      message: "You've used all your free conversions for this month",
    });
    expect(refused.headers.get("x-conversions-remaining")).toBe("0");
    expect(await usageOf(user)).toMatchObject({ used: 3, reserved: 0, remaining: 0 });
  });

  it("gives the last conversion to exactly one of two parallel requests", async () => {
    const user = await signUpUser("proxy-race");
    for (let i = 0; i < 2; i += 1) expect((await post(user, imageBody())).status).toBe(200);

    const answers = await Promise.all([post(user, imageBody()), post(user, imageBody())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    expect(await usageOf(user)).toMatchObject({ used: 3, reserved: 0 });
  });

  it("counts one streamed poem as one", async () => {
    const user = await signUpUser("proxy-poem");
    const response = await post(user, textBody(), { model: TEXT_MODEL, method: "streamGenerateContent" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    // Sent before the stream ends: the conversion being made already counts as not remaining.
    expect(response.headers.get("x-conversions-remaining")).toBe("2");
    const text = await response.text();
    expect(text).toMatch(/^data: /m);
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0, remaining: 2 });
  });

  it("passes the page's tool and its input to the engine, which answers the tool by them", async () => {
    const user = await signUpUser("proxy-tool-input");
    const headers = {
      "x-cucumber-tool": "scene",
      "x-cucumber-tool-input": encodeToolInput({ kind: "text", description: "Grüße", position: "top-left" }),
    };
    const response = await post(user, imageBody(), { headers });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { candidates: { content: { parts: { text?: string }[] } }[] };
    expect(answer.candidates[0].content.parts[0].text).toBe(
      'Local preview: text added at the top left of the scene ("Grüße").',
    );
    // An input the engine cannot read: its 400, passed through, and nothing counted.
    const refused = await post(user, imageBody(), {
      headers: { "x-cucumber-tool": "scene", "x-cucumber-tool-input": encodeToolInput({ kind: "banner" }) },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { status: string } }).error.status).toBe("INVALID_ARGUMENT");
    expect(await usageOf(user)).toMatchObject({ used: 1, reserved: 0 });
  });

  it("counts nothing for the custom prompt's analysis step", async () => {
    const user = await signUpUser("proxy-analysis");
    const response = await post(user, textBody(), { model: TEXT_MODEL });
    expect(response.status).toBe(200);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0, remaining: 3 });
  });

  it("refuses a request without a session, or with a forged one", async () => {
    await expectGeminiError(await post(null, imageBody()), 401, REASONS.sessionInvalid);
    await expectGeminiError(
      await post(null, imageBody(), { token: "not-a-real-token" }),
      401,
      REASONS.sessionInvalid,
    );
    // The publishable key is not a session either.
    await expectGeminiError(
      await post(null, imageBody(), { token: PUBLISHABLE_KEY }),
      401,
      REASONS.sessionInvalid,
    );
  });

  it("forwards only the configured models", async () => {
    const user = await signUpUser("proxy-model");
    await expectGeminiError(
      await post(user, imageBody(), { model: "gemini-ultra-expensive" }),
      400,
      REASONS.modelNotAllowed,
    );
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("caps the number of images and the body size", async () => {
    const user = await signUpUser("proxy-caps");
    await expectGeminiError(await post(user, imageBody(5)), 400, REASONS.tooManyImages);
    const huge = JSON.stringify({ contents: [{ parts: [{ text: "x".repeat(5 * 1024 * 1024) }] }] });
    await expectGeminiError(await post(user, huge), 413, REASONS.tooLarge);
    expect(await usageOf(user)).toMatchObject({ used: 0, reserved: 0 });
  });

  it("refuses what is not a Gemini request", async () => {
    const user = await signUpUser("proxy-shape");
    await expectGeminiError(await post(user, "{not json"), 400, REASONS.invalidRequest);
    await expectGeminiError(
      await post(user, { contents: [], tools: [{ googleSearch: {} }] }),
      400,
      REASONS.invalidRequest,
    );
    await expectGeminiError(
      await post(user, imageBody(), { headers: { "content-type": "text/plain" } }),
      415,
      REASONS.unsupportedMediaType,
    );
    const get = await fetch(url(IMAGE_MODEL), {
      headers: { authorization: `Bearer ${await accessToken(user)}` },
    });
    await expectGeminiError(get, 405, REASONS.methodNotAllowed);
    expect(get.headers.get("allow")).toBe("POST");
  });
});
