/// <reference types="node" />
// The /api adapter of the dev and preview servers (server/api/plugin.ts): how it hands requests to the
// api/ handlers and what it answers itself.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { API_MESSAGES, createApiMiddleware } from "../../server/api/plugin";

describe("the /api adapter of the dev and preview servers (server/api/plugin.ts)", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const middleware = createApiMiddleware({
      echo: async () => ({
        default: {
          fetch: async (request) =>
            Response.json(
              {
                method: request.method,
                url: request.url,
                authorization: request.headers.get("authorization"),
                body: await request.text(),
              },
              { status: 202, headers: { "x-handler": "echo" } },
            ),
        },
      }),
      "tree/*": async () => ({
        default: { fetch: async (request) => Response.json({ path: new URL(request.url).pathname }) },
      }),
      stream: async () => ({
        default: {
          fetch: async () => {
            const encoder = new TextEncoder();
            let sent = 0;
            const body = new ReadableStream<Uint8Array>({
              async pull(controller) {
                if (sent === 3) return controller.close();
                sent += 1;
                await new Promise((resolve) => setTimeout(resolve, 20));
                controller.enqueue(encoder.encode(`data: {"n":${sent}}\r\n\r\n`));
              },
            });
            return new Response(body, { headers: { "content-type": "text/event-stream" } });
          },
        },
      }),
      throws: async () => ({
        default: {
          fetch: async () => {
            throw new Error("the handler broke");
          },
        },
      }),
      unloadable: async () => {
        throw new Error("the module failed to load");
      },
    });
    server = createServer((req, res) =>
      middleware(req, res, () => {
        res.statusCode = 418;
        res.end("passed on");
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers every path below a route named <prefix>/*, and only those", async () => {
    const deep = await fetch(`${base}/api/tree/v1beta/models/m:generateContent?alt=sse`, { method: "POST" });
    expect(deep.status).toBe(200);
    expect(await deep.json()).toEqual({ path: "/api/tree/v1beta/models/m:generateContent" });
    expect((await fetch(`${base}/api/tree`, { method: "POST" })).status).toBe(404);
    expect((await fetch(`${base}/api/treetop/x`, { method: "POST" })).status).toBe(404);
  });

  it("passes an event stream on piece by piece, not buffered", async () => {
    const response = await fetch(`${base}/api/stream`, { method: "POST" });
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: {"n":1}\r\n\r\n');
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe('data: {"n":2}\r\n\r\ndata: {"n":3}\r\n\r\n');
  });

  it("hands the handler a web Request with an absolute URL, headers and body, and writes its Response", async () => {
    const response = await fetch(`${base}/api/echo?x=1`, {
      method: "POST",
      headers: { authorization: "Bearer t0k3n", "content-type": "application/json" },
      body: '{"hello":"world"}',
    });

    expect(response.status).toBe(202);
    expect(response.headers.get("x-handler")).toBe("echo");
    expect(await response.json()).toEqual({
      method: "POST",
      url: `${base}/api/echo?x=1`,
      authorization: "Bearer t0k3n",
      body: '{"hello":"world"}',
    });
  });

  it("passes everything outside /api on", async () => {
    for (const path of ["/", "/apiary", "/auth/v1/health", "/pricing"]) {
      const response = await fetch(`${base}${path}`);
      expect([path, response.status, await response.text()]).toEqual([path, 418, "passed on"]);
    }
  });

  it.each(["throws", "unloadable"])(
    "answers a handler that %s with a JSON 500 and keeps serving",
    async (name) => {
      const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        const response = await fetch(`${base}/api/${name}`, { method: "POST", body: "{}" });

        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ error: API_MESSAGES.internal });
        expect(API_MESSAGES.internal).toBe("Something went wrong on our side. Please try again later.");
        expect(consoleError).toHaveBeenCalledOnce();
      } finally {
        consoleError.mockRestore();
      }
      expect((await fetch(`${base}/api/echo`)).status).toBe(202);
    },
  );

  it("answers an unknown name with a JSON 404, even one named like an object property", async () => {
    for (const name of ["nope", "constructor", "__proto__", "toString"]) {
      const response = await fetch(`${base}/api/${name}`, { method: "POST", body: "{}" });
      expect([name, response.status, await response.json()]).toEqual([
        name,
        404,
        { error: "There is no such API endpoint." },
      ]);
    }
  });
});
