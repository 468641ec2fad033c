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
 * The @supabase/lite plugin only claims /auth/v1, /rest/v1 and /_system, so the two never overlap.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { loadEnv, type Connect, type Plugin } from "vite";

export type Handler = (request: Request) => Promise<Response>;
export type HandlerModule = { default: Handler };
/** Route name (api/<name>.ts) -> a loader of its module. */
export type ApiRoutes = Record<string, () => Promise<HandlerModule>>;

/** api/<name>.ts for every name: add a line here with each new handler. */
const ROUTES: ApiRoutes = {
  "submit-support": () => import("../../api/submit-support.ts"),
};

const PREFIX = "/api";
/**
 * The most the adapter buffers for any handler. Each handler enforces its own, smaller limit on the
 * stream it is given; this only keeps a runaway upload out of the server's memory.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

export const API_MESSAGES = {
  notFound: "There is no such API endpoint.",
  tooLarge: "The request is too large.",
  internal: "Something went wrong on our side. Please try again later.",
} as const;

/**
 * Server-side Supabase settings the handlers read from process.env (see api/submit-support.ts). Copied
 * from the .env files Vite loads when not already set, so the handlers talk to the same project as the
 * app: a VITE_SUPABASE_URL in .env points both at a hosted project; none leaves both on the local one.
 */
const SUPABASE_ENV = [
  "SUPABASE_URL",
  "SUPABASE_PUBLISHABLE_KEY",
  "VITE_SUPABASE_URL",
  "VITE_SUPABASE_PUBLISHABLE_KEY",
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

function toWebRequest(req: IncomingMessage, body: Buffer | undefined): Request {
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
  return new Request(url, { method: req.method ?? "GET", headers, body: body && new Uint8Array(body) });
}

async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader("content-length", body.byteLength);
  res.end(body);
}

async function handle(routes: ApiRoutes, req: IncomingMessage, res: ServerResponse, name: string) {
  const load = Object.hasOwn(routes, name) ? routes[name] : undefined;
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
  const { default: handler } = await load();
  await sendWebResponse(res, await handler(toWebRequest(req, body)));
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

/** The handlers of api/ as a Vite plugin, for `vite` and `vite preview`. */
export function apiRoutes(): Plugin {
  return {
    name: "restyle:api-routes",
    configResolved(config) {
      const fromEnvFiles = loadEnv(config.mode, config.envDir, [...SUPABASE_ENV]);
      for (const name of SUPABASE_ENV) {
        if (!process.env[name] && fromEnvFiles[name]) process.env[name] = fromEnvFiles[name];
      }
    },
    configureServer(server) {
      server.middlewares.use(apiMiddleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(apiMiddleware);
    },
  };
}
