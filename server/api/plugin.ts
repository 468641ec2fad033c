/**
 * Vite plugin mounting the web-standard handlers of api/ at /api/<name> in both `vite` (npm run dev)
 * and `vite preview` (npm start), the way a serverless host serves api/<name>.ts in production.
 * Imported only by vite.config.ts, so it never reaches the browser bundle.
 *
 * The routes are a static table (below) rather than a directory scan: `vite preview` has no module graph
 * to compile TypeScript with, but vite.config.ts is bundled by Vite's config loader, which compiles these
 * imports. Each handler loads on its first request, so `vite build` never loads supabase-js. Vite
 * restarts the dev server when a file the config imports changes, so edits to api/ apply in dev too.
 *
 * A thin Connect <-> fetch adapter: Node's request becomes a `Request` (absolute URL from the Host
 * header, body buffered up to MAX_BODY_BYTES), the handler's `Response` is written back. Unknown names
 * under /api answer 404, a handler that throws answers 500; neither ever takes the server down.
 * Answers that are event streams (the AI proxy's streamed poems) are written piece by piece as they
 * come. The local backend only claims /auth/v1 and /rest/v1, so the two never overlap.
 *
 * Once the server listens, LOCAL_SERVER_ORIGIN holds its own address: the handlers reach the local
 * backend and the local preview engine there (api/_lib/supabase.ts), never at the request's Host.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { loadEnv, type Connect, type Plugin } from "vite";

export type Handler = (request: Request) => Promise<Response>;
/** An api/<name>.ts module: `export default { fetch }`, the shape serverless hosts load. */
export type HandlerModule = { default: { fetch: Handler } };
/** Route name (api/<name>.ts) -> a loader of its module. */
export type ApiRoutes = Record<string, () => Promise<HandlerModule>>;

/**
 * api/<name>.ts for every name: add a line here with each new handler. A name ending in "/*" also
 * answers every path below it (/api/ai/v1beta/models/...), as a serverless host's rewrite does.
 */
const ROUTES: ApiRoutes = {
  "submit-support": () => import("../../api/submit-support.ts"),
  checkout: () => import("../../api/checkout.ts"),
  "ai/*": () => import("../../api/ai.ts"),
};

const PREFIX = "/api";
/**
 * The most the adapter buffers for any handler. Each handler enforces its own, smaller limit on the
 * stream it is given; this only keeps a runaway upload out of the server's memory.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export const API_MESSAGES = {
  notFound: "There is no such API endpoint.",
  tooLarge: "The request is too large.",
  internal: "Something went wrong on our side. Please try again later.",
} as const;

/**
 * The handlers' server-side settings (api/_lib/supabase.ts, api/_lib/ai-settings.ts), read from
 * process.env. Copied from the .env files Vite loads when not already set, so the handlers talk to the
 * same project as the app: a VITE_SUPABASE_URL in .env points both at a hosted project; none leaves
 * both on the local one. Only the names listed here are copied.
 */
const SERVER_ENV = [
  "SUPABASE_URL",
  "SUPABASE_PUBLISHABLE_KEY",
  "SUPABASE_SECRET_KEY",
  "VITE_SUPABASE_URL",
  "VITE_SUPABASE_PUBLISHABLE_KEY",
  "GEMINI_API_KEY",
  "GEMINI_BASE_URL",
  "GEMINI_IMAGE_MODEL",
  "GEMINI_TEXT_MODEL",
  "VITE_GEMINI_IMAGE_MODEL",
  "VITE_GEMINI_TEXT_MODEL",
  "AI_RATE_LIMIT_PER_MINUTE",
  "AI_ANALYSIS_RATE_LIMIT_PER_MINUTE",
  "AI_MAX_BODY_BYTES",
  "AI_MAX_IMAGES",
  "AI_RESERVATION_TTL_SECONDS",
  "AI_UPSTREAM_TIMEOUT_MS",
] as const;

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("content-length", payload.byteLength);
  res.end(payload);
}

/** The route name of /api/<name>[?query], "" for /api itself, or null outside /api. */
function routeName(url: string): string | null {
  const pathname = url.split("?")[0];
  if (pathname === PREFIX || pathname === `${PREFIX}/`) return "";
  if (!pathname.startsWith(`${PREFIX}/`)) return null;
  return pathname.slice(PREFIX.length + 1);
}

const TOO_LARGE = Symbol("too large");

/** Buffers the request body up to maxBytes; past that, the rest is drained and discarded. */
function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | typeof TOO_LARGE> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    let tooLarge = Number.isFinite(declared) && declared > maxBytes;
    const chunks: Buffer[] = [];
    let total = 0;
    req.on("data", (chunk: Buffer) => {
      if (tooLarge) return;
      total += chunk.byteLength;
      if (total > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(tooLarge ? TOO_LARGE : Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function toWebRequest(req: IncomingMessage, body: Buffer | undefined, signal?: AbortSignal): Request {
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
  return new Request(url, {
    method: req.method ?? "GET",
    headers,
    body: body && new Uint8Array(body),
    signal,
  });
}

async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  if (response.body && /^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.flushHeaders();
    const reader = response.body.getReader();
    // The caller went away: stop reading, so the handler sees its stream cancelled.
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

/** The loader for a route name: an exact name, else the nearest "<prefix>/*" above it. */
function findRoute(routes: ApiRoutes, name: string): (() => Promise<HandlerModule>) | undefined {
  if (Object.hasOwn(routes, name) && !name.endsWith("/*")) return routes[name];
  const parts = name.split("/");
  for (let i = parts.length - 1; i >= 1; i -= 1) {
    const prefix = `${parts.slice(0, i).join("/")}/*`;
    if (Object.hasOwn(routes, prefix)) return routes[prefix];
  }
  return undefined;
}

async function handle(routes: ApiRoutes, req: IncomingMessage, res: ServerResponse, name: string) {
  const load = findRoute(routes, name);
  if (!load) {
    // Drain whatever was sent so the answer reaches the client.
    req.resume();
    sendJson(res, 404, { error: API_MESSAGES.notFound });
    return;
  }
  const method = req.method ?? "GET";
  let body: Buffer | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const read = await readBody(req, MAX_BODY_BYTES);
    if (read === TOO_LARGE) {
      sendJson(res, 413, { error: API_MESSAGES.tooLarge });
      return;
    }
    body = read;
  } else {
    req.resume();
  }
  const { default: entry } = await load();
  // A caller that leaves mid-way aborts the request, so the handler can stop its own work.
  const left = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) left.abort();
  });
  await sendWebResponse(res, await entry.fetch(toWebRequest(req, body, left.signal)));
}

/** Connect middleware: answers everything under /api from `routes`, passes anything else on. */
export function createApiMiddleware(routes: ApiRoutes): Connect.NextHandleFunction {
  return (req, res, next) => {
    const name = routeName(req.url ?? "");
    if (name === null) {
      next();
      return;
    }
    handle(routes, req, res, name).catch((error: unknown) => {
      console.error(`[api] ${req.method ?? "GET"} ${PREFIX}/${name} failed:`, error);
      if (res.headersSent) {
        res.end();
        return;
      }
      sendJson(res, 500, { error: API_MESSAGES.internal });
    });
  };
}

export const apiMiddleware = createApiMiddleware(ROUTES);

/** Sets LOCAL_SERVER_ORIGIN to the address `server` listens on, once it does. */
type Listening = {
  once(event: "listening", listener: () => void): unknown;
  address(): AddressInfo | string | null;
};

function recordOwnOrigin(server: Listening | null | undefined): void {
  server?.once("listening", () => {
    const address = server.address();
    if (!address || typeof address === "string") return;
    const loopback = address.family === "IPv6" && address.address !== "::" ? "[::1]" : "127.0.0.1";
    process.env.LOCAL_SERVER_ORIGIN = `http://${loopback}:${address.port}`;
  });
}

/** The handlers of api/ as a Vite plugin, for `vite` and `vite preview`. */
export function apiRoutes(): Plugin {
  return {
    name: "restyle:api-routes",
    configResolved(config) {
      const fromEnvFiles = loadEnv(config.mode, config.envDir, [...SERVER_ENV]);
      for (const name of SERVER_ENV) {
        if (!process.env[name] && fromEnvFiles[name]) process.env[name] = fromEnvFiles[name];
      }
    },
    configureServer(server) {
      recordOwnOrigin(server.httpServer);
      server.middlewares.use(apiMiddleware);
    },
    configurePreviewServer(server) {
      recordOwnOrigin(server.httpServer);
      server.middlewares.use(apiMiddleware);
    },
  };
}
