/**
 * The shared Node <-> web adapter (server/lib/node-web.ts) both Vite plugins mount their handlers with,
 * and the one capped body reader (api/_lib/http.ts readBodyCapped) with its two ways to stop: over a
 * real Node HTTP server, as `vite` and `vite preview` run them.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { readBodyCapped, TOO_LARGE } from "../../api/_lib/http.ts";
import { serveWeb, type WebHandler } from "../../server/lib/node-web.ts";

const CAP = 64 * 1024;

let handler: WebHandler;
let lastRequest: IncomingMessage | undefined;
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequest = req;
    void serveWeb(
      req,
      res,
      (request) => handler(request),
      () => ({ error: "broken" }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  lastRequest = undefined;
});

/** A promise and its resolve (Promise.withResolvers, which Node 20 lacks). */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** POSTs `chunks` pieces of 16 KiB without a Content-Length; resolves with the status and body. */
function upload(chunks: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/upload`, { method: "POST", agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    let sent = 0;
    const write = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(Buffer.alloc(16 * 1024, 120))) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("readBodyCapped", () => {
  test("'release' past the cap over Node's socket: the request stays whole and the 413 arrives", async () => {
    let destroyed: boolean | undefined;
    handler = async (request) => {
      const body = await readBodyCapped(request, CAP, { overflow: "release" });
      destroyed = lastRequest?.destroyed;
      return new Response(body === TOO_LARGE ? "too large" : `${body.byteLength} bytes`, {
        status: body === TOO_LARGE ? 413 : 200,
      });
    };
    const big = await upload(64);
    expect([big.status, big.body, destroyed]).toEqual([413, "too large", false]);
    const small = await upload(2);
    expect([small.status, small.body]).toEqual([200, `${32 * 1024} bytes`]);
  });

  test("'cancel' (the default) past the cap cancels the stream: over Node's socket, the request itself", async () => {
    let destroyed: boolean | undefined;
    handler = async (request) => {
      const body = await readBodyCapped(request, CAP);
      destroyed = lastRequest?.destroyed;
      return new Response(body === TOO_LARGE ? "too large" : "read", { status: 413 });
    };
    await upload(64).catch(() => undefined);
    expect(destroyed).toBe(true);
  });

  test("on a web stream: 'cancel' cancels its source, 'release' leaves it readable", async () => {
    const source = () => {
      const cancelled = vi.fn();
      const stream = new ReadableStream<Uint8Array>({
        pull: (controller) => controller.enqueue(new Uint8Array(CAP)),
        cancel: cancelled,
      });
      return { cancelled, stream };
    };
    const request = (stream: ReadableStream<Uint8Array>) =>
      new Request("http://localhost/", { method: "POST", body: stream, duplex: "half" } as RequestInit);

    const cancel = source();
    expect(await readBodyCapped(request(cancel.stream), CAP)).toBe(TOO_LARGE);
    expect(cancel.cancelled).toHaveBeenCalledOnce();

    const release = source();
    const released = request(release.stream);
    expect(await readBodyCapped(released, CAP, { overflow: "release" })).toBe(TOO_LARGE);
    expect(release.cancelled).not.toHaveBeenCalled();
    expect(released.body?.locked).toBe(false);
  });

  test("a declared Content-Length over the cap is refused before anything is read; a body within it is whole", async () => {
    const declared = new Request("http://localhost/", {
      method: "POST",
      body: "x",
      headers: { "content-length": String(CAP + 1) },
    });
    expect(await readBodyCapped(declared, CAP)).toBe(TOO_LARGE);
    expect(declared.bodyUsed).toBe(false);
    const fits = await readBodyCapped(
      new Request("http://localhost/", { method: "POST", body: "hello" }),
      CAP,
    );
    expect(new TextDecoder().decode(fits as Uint8Array)).toBe("hello");
  });
});

describe("serveWeb", () => {
  test("a caller that goes away mid-stream cancels the handler's event stream at once", async () => {
    const cancelled = deferred();
    let sent = false;
    handler = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          // One event, then a wait for the next that never ends: only the caller leaving ends it.
          pull: (controller) => {
            if (sent) return new Promise<void>(() => undefined);
            sent = true;
            controller.enqueue(new TextEncoder().encode("data: {}\r\n\r\n"));
          },
          cancel: () => cancelled.resolve(),
        }),
        { headers: { "content-type": "text/event-stream" } },
      );
    const leave = new AbortController();
    const response = await fetch(`${base}/stream`, { signal: leave.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: {}\r\n\r\n");
    leave.abort();
    await expect(cancelled.promise).resolves.toBeUndefined();
  });

  test("the request's signal fires when the caller goes away before the answer", async () => {
    const aborted = deferred();
    const started = deferred();
    handler = (request) =>
      new Promise<Response>((resolve) => {
        request.signal.addEventListener("abort", () => {
          aborted.resolve();
          resolve(new Response("late"));
        });
        started.resolve();
      });
    const leave = new AbortController();
    const call = fetch(`${base}/slow`, { method: "POST", body: "{}", signal: leave.signal }).catch(
      () => "gone",
    );
    await started.promise;
    leave.abort();
    expect(await call).toBe("gone");
    await expect(aborted.promise).resolves.toBeUndefined();
  });

  test("hands over an absolute URL and the headers; a handler that throws answers a JSON 500", async () => {
    handler = async (request) =>
      Response.json({ url: request.url, auth: request.headers.get("authorization") }, { status: 201 });
    const echoed = await fetch(`${base}/echo?x=1`, { headers: { authorization: "Bearer t" } });
    expect([echoed.status, await echoed.json()]).toEqual([
      201,
      { url: `${base}/echo?x=1`, auth: "Bearer t" },
    ]);

    handler = async () => {
      throw new Error("the handler broke");
    };
    const failed = await fetch(`${base}/throws`, { method: "POST", body: "{}" });
    expect(failed.status).toBe(500);
    expect(failed.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await failed.json()).toEqual({ error: "broken" });
  });
});
