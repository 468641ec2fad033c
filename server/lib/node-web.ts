/**
 * The one adapter between Node's HTTP server (Connect middleware in `vite` and `vite preview`) and a
 * web-standard handler, `(request: Request) => Promise<Response>`: used by server/api/plugin.ts (the
 * handlers of api/) and server/local-ai/plugin.ts (the local preview engine). Node's request becomes a
 * `Request` whose body streams from the socket and whose signal fires when the caller goes away; the
 * handler's `Response` is written back, an event stream piece by piece (cancelled when the caller goes
 * away, so the handler stops its work); a handler that throws answers a JSON 500.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { TLSSocket } from "node:tls";

export type WebHandler = (request: Request) => Promise<Response>;

/**
 * Node's request as a web Request: an absolute URL from the Host header (else the socket's own
 * address), the headers, and for methods that have one the body streamed from the socket. Its signal
 * fires when the connection closes before the answer is complete (the caller went away).
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const protocol = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  const host = req.headers.host ?? `${req.socket.localAddress ?? "localhost"}:${req.socket.localPort ?? 80}`;
  let url: URL;
  try {
    url = new URL(req.url ?? "/", `${protocol}://${host}`);
  } catch {
    url = new URL(req.url ?? "/", `${protocol}://localhost`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(":") || value === undefined) continue; // HTTP/2 pseudo-headers
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const gone = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  return new Request(url, {
    method,
    headers,
    signal: gone.signal,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // Node's fetch needs this for a streamed request body; not yet in the DOM typings.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * Writes a web Response to Node's response. An event stream goes out piece by piece as it is made;
 * when the caller goes away its stream is cancelled, so the handler sees that and stops. Anything
 * else is sent whole, with its Content-Length.
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  if (response.body && /^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.flushHeaders();
    const reader = response.body.getReader();
    res.once("close", () => void reader.cancel().catch(() => undefined));
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done || res.destroyed) break;
      res.write(value);
    }
    res.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}

/** A JSON answer written straight to Node's response, never cached. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("content-length", payload.byteLength);
  res.end(payload);
}

/**
 * Answers Node's request with `handle`'s Response. Never rejects: when `handle` throws (or its module
 * fails to load), `failure` says the JSON body of the 500 (and logs what it needs to); an answer already
 * under way is ended instead.
 */
export async function serveWeb(
  req: IncomingMessage,
  res: ServerResponse,
  handle: WebHandler,
  failure: (error: unknown) => unknown,
): Promise<void> {
  try {
    await sendWebResponse(res, await handle(toWebRequest(req, res)));
  } catch (error) {
    const body = failure(error);
    if (res.headersSent) res.end();
    else sendJson(res, 500, body);
  }
}
