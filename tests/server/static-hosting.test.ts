import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Connect, PreviewServer, ResolvedConfig } from "vite";
import { IMMUTABLE, precompress, REVALIDATE, staticHosting } from "../../server/static/plugin.ts";

// A build folder, precompressed as `vite build` leaves it, served by the plugin's middlewares in the
// order `vite preview` mounts them (its own, then the SPA fallback, then the plugin's post middleware).
const root = fs.mkdtempSync(path.join(os.tmpdir(), "static-hosting-"));
const outDir = path.join(root, "dist");
const script = `export const text = ${JSON.stringify("cucumber ".repeat(400))};\n`;
const html = `<!doctype html><html><head><title>app</title></head><body>${"<p>hello</p>".repeat(100)}</body></html>`;
const manifest = JSON.stringify({ name: "Cucumber.AI", start_url: "/", display: "standalone" });
let server: http.Server;
let base = "";

type Handler = Connect.NextHandleFunction;

beforeAll(async () => {
  fs.mkdirSync(path.join(outDir, "assets"), { recursive: true });
  fs.writeFileSync(path.join(outDir, "assets", "app-Bx12_abc.js"), script);
  fs.writeFileSync(path.join(outDir, "assets", "app-Bx12_abc.js.map"), "{}");
  fs.writeFileSync(path.join(outDir, "index.html"), html);
  fs.writeFileSync(path.join(outDir, "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(outDir, "sw.js"), script);
  fs.writeFileSync(path.join(outDir, "manifest.webmanifest"), manifest);
  await precompress(outDir);

  const plugin = staticHosting();
  const pre: Handler[] = [];
  const post: Handler[] = [];
  let target = pre;
  (plugin.configResolved as (config: ResolvedConfig) => void)({
    root,
    command: "serve",
    build: { outDir: "dist" },
  } as ResolvedConfig);
  const hook = (plugin.configurePreviewServer as (server: PreviewServer) => (() => void) | void)({
    middlewares: { use: (fn: Handler) => target.push(fn) },
  } as unknown as PreviewServer);
  target = post;
  hook?.();
  const spaFallback: Handler = (req, _res, next) => {
    if (!path.extname(req.url ?? "")) req.url = "/index.html";
    next();
  };
  const chain = [...pre, spaFallback, ...post];
  server = http.createServer((req, res) => {
    const run = (i: number) => {
      const handler = chain[i];
      if (!handler) {
        res.statusCode = 418;
        res.end("fell through");
        return;
      }
      handler(req as Connect.IncomingMessage, res, () => run(i + 1));
    };
    run(0);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(base + url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("the build, served as a static host serves it", () => {
  it("precompresses text files beside them (gzip -9 and brotli), leaving source maps and tiny files", () => {
    const file = path.join(outDir, "assets", "app-Bx12_abc.js");
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(fs.existsSync(`${file}.map.gz`)).toBe(false);
    expect(fs.existsSync(path.join(outDir, "favicon.svg.gz"))).toBe(false);
  });

  it("answers a hashed asset in brotli, then gzip, then plain, cached for a year", async () => {
    const br = await get("/assets/app-Bx12_abc.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

    const gz = await get("/assets/app-Bx12_abc.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get("/assets/app-Bx12_abc.js", { "accept-encoding": "br;q=0, identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("answers 304 to a matching ETag", async () => {
    const first = await get("/assets/app-Bx12_abc.js", { "accept-encoding": "br" });
    const again = await get("/assets/app-Bx12_abc.js", {
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it("revalidates index.html on every load, for every app route", async () => {
    for (const url of ["/", "/pricing", "/help"]) {
      const page = await get(url, { "accept-encoding": "br", accept: "text/html" });
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe(REVALIDATE);
      expect(page.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(page.body).toString()).toBe(html);
    }
    const favicon = await get("/favicon.svg");
    expect(favicon.headers["cache-control"]).toBe(REVALIDATE);
  });

  it("revalidates the service worker and the manifest on every load, never cached as immutable", async () => {
    const worker = await get("/sw.js", { "accept-encoding": "br" });
    expect(worker.status).toBe(200);
    expect(worker.headers["cache-control"]).toBe(REVALIDATE);
    expect(worker.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(zlib.brotliDecompressSync(worker.body).toString()).toBe(script);
    const again = await get("/sw.js", {
      "accept-encoding": "br",
      "if-none-match": String(worker.headers.etag),
    });
    expect(again.status).toBe(304);

    const answer = await get("/manifest.webmanifest");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe(REVALIDATE);
    expect(answer.headers["content-type"]).toBe("application/manifest+json");
    expect(JSON.parse(answer.body.toString())).toMatchObject({ name: "Cucumber.AI" });
  });

  it("answers a chunk the build does not have with 404, not with the page", async () => {
    const missing = await get("/assets/gone-Ab12Cd34.js");
    expect(missing.status).toBe(404);
  });
});
