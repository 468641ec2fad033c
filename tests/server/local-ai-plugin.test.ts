/**
 * The local preview engine over real HTTP: a Vite dev server and a Vite preview server with only the
 * plugin, answering generateContent exactly where the app's Gemini client posts it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { bypass } from "msw";
import { createServer, preview, type PreviewServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localAiEngine } from "../../server/local-ai/plugin.ts";
import { MAX_BODY_BYTES } from "../../server/local-ai/engine.ts";
import { decode, imageBody, textBody, type GeminiError, type GeminiSuccess } from "./helpers.ts";

const GENERATE = "/__local-ai/v1beta/models/gemini-nano-banana-2.1:generateContent";

// The "ui" project's msw server fails any request without a handler; these go to a real local server.
// (Outside that project msw is not listening and bypass() only adds a header nobody reads.)
const send = (url: string, init?: RequestInit) => fetch(bypass(url, init));

let root: string;
let flagBefore: string | undefined;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "local-ai-"));
  writeFileSync(path.join(root, "index.html"), "<!doctype html><title>app</title>");
  flagBefore = process.env.VITE_LOCAL_PREVIEW_ENGINE;
  delete process.env.VITE_LOCAL_PREVIEW_ENGINE;
});

afterAll(() => {
  if (flagBefore === undefined) delete process.env.VITE_LOCAL_PREVIEW_ENGINE;
  else process.env.VITE_LOCAL_PREVIEW_ENGINE = flagBefore;
  rmSync(root, { recursive: true, force: true });
});

const origin = (server: { httpServer: unknown }) =>
  `http://localhost:${(server.httpServer as { address(): AddressInfo }).address().port}`;

describe("in the dev server (vite)", () => {
  let server: ViteDevServer;
  let base: string;

  beforeAll(async () => {
    server = await createServer({
      configFile: false,
      root,
      logLevel: "silent",
      plugins: [localAiEngine()],
      server: { port: 0, host: "localhost", hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await server.listen();
    base = origin(server);
  }, 30_000);

  afterAll(async () => {
    await server?.close();
  });

  test("sets VITE_LOCAL_PREVIEW_ENGINE for the app it serves", () => {
    expect(process.env.VITE_LOCAL_PREVIEW_ENGINE).toBe("true");
    expect(server.config.env.VITE_LOCAL_PREVIEW_ENGINE).toBe("true");
  });

  test("POST generateContent over HTTP returns Gemini's answer with a restyled PNG", async () => {
    const response = await send(`${base}${GENERATE}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(imageBody("Add ONE cucumber", "coffee.png", "image/png")),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const body = (await response.json()) as GeminiSuccess;
    const [text, image] = body.candidates[0].content.parts;
    expect(text.text).toBe("Local preview: cucumber applied.");
    const png = await decode(Buffer.from(image.inlineData?.data ?? "", "base64"));
    expect([png.format, png.width, png.height]).toEqual(["png", 600, 400]);
  }, 30_000);

  test("a text call over HTTP", async () => {
    const response = await send(`${base}/__local-ai/v1beta/models/gemini-3.8-flash:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "ignored" },
      body: JSON.stringify(textBody("Write a poem", "cat-chelsea.png")),
    });
    const body = (await response.json()) as GeminiSuccess;
    expect(body.candidates[0].content.parts[0].text).toContain("\n");
  }, 30_000);

  test("errors come back in Gemini's shape with their status codes", async () => {
    const get = await send(`${base}${GENERATE}`);
    expect(get.status).toBe(405);
    expect(((await get.json()) as GeminiError).error.code).toBe(405);

    const bad = await send(`${base}${GENERATE}`, { method: "POST", body: "{oops" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as GeminiError).error.message).toMatch(/^Invalid JSON payload received/);

    const missing = await send(`${base}/__local-ai/nothing-here`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as GeminiError).error.status).toBe("NOT_FOUND");
  }, 30_000);

  test("a body over 20 MB gets 413 and the server keeps serving", async () => {
    const big = await send(`${base}${GENERATE}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(MAX_BODY_BYTES + 1024),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as GeminiError).error.code).toBe(413);
    const after = await send(`${base}${GENERATE}`, {
      method: "POST",
      body: JSON.stringify(textBody("still there?")),
    });
    expect(after.status).toBe(200);
  }, 30_000);

  test("other paths are left to Vite", async () => {
    const page = await send(`${base}/index.html`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>app</title>");
    const lookalike = await send(`${base}/__local-ai-not`);
    expect(lookalike.headers.get("x-local-preview-engine")).toBeNull();
  }, 30_000);
});

describe("in the preview server (vite preview, as npm start runs it)", () => {
  let server: PreviewServer;
  let base: string;

  beforeAll(async () => {
    delete process.env.VITE_LOCAL_PREVIEW_ENGINE;
    server = await preview({
      configFile: false,
      root,
      logLevel: "silent",
      plugins: [localAiEngine()],
      build: { outDir: root },
      preview: { port: 0, host: "localhost", open: false },
    });
    base = origin(server);
  }, 30_000);

  afterAll(async () => {
    await server?.close();
  });

  test("answers generateContent; the flag is left to npm start (it is set before the build)", async () => {
    expect(process.env.VITE_LOCAL_PREVIEW_ENGINE).toBeUndefined();
    const response = await send(`${base}${GENERATE}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(imageBody("skeleton x-ray", "cat-chelsea.png", "image/png")),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as GeminiSuccess;
    expect(body.candidates[0].content.parts[0].text).toBe("Local preview: skeleton X-ray style applied.");
  }, 30_000);
});
