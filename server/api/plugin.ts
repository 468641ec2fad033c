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
 * Through the shared Node <-> web adapter (server/lib/node-web.ts): Node's request becomes a `Request`
 * (absolute URL from the Host header, body buffered here up to MAX_BODY_BYTES), the handler's
 * `Response` is written back. Unknown names
 * under /api answer 404, a handler that throws answers 500; neither ever takes the server down.
 * Answers that are event streams (the AI proxy's streamed poems) are written piece by piece as they
 * come. The local backend only claims /auth/v1 and /rest/v1, so the two never overlap.
 *
 * Once the server listens, LOCAL_SERVER_ORIGIN holds its own address: the handlers reach the local
 * backend and the local preview engine there (api/_lib/supabase.ts), never at the request's Host.
 */
import type { AddressInfo } from "node:net";
import { loadEnv, type Connect, type Plugin } from "vite";
import { fail, readBodyCapped, TOO_LARGE } from "../../api/_lib/http.ts";
import { aiSettings } from "../../api/_lib/ai-settings.ts";
import { costSettings } from "../../api/_lib/ai-cost.ts";
import { serveWeb } from "../lib/node-web.ts";

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
  "GEMINI_IMAGE_THINKING_LEVEL",
  "GEMINI_TEXT_THINKING_LEVEL",
  "VITE_GEMINI_IMAGE_MODEL",
  "VITE_GEMINI_TEXT_MODEL",
  "AI_RATE_LIMIT_PER_MINUTE",
  "AI_ANALYSIS_RATE_LIMIT_PER_MINUTE",
  "AI_MAX_BODY_BYTES",
  "AI_MAX_IMAGES",
  "AI_RESERVATION_TTL_SECONDS",
  "AI_UPSTREAM_TIMEOUT_MS",
  "AI_DAILY_BUDGET_USD",
  "AI_PRICES_JSON",
] as const;

/** The route name of /api/<name>[?query], "" for /api itself, or null outside /api. */
function routeName(url: string): string | null {
  const pathname = url.split("?")[0];
  if (pathname === PREFIX || pathname === `${PREFIX}/`) return "";
  if (!pathname.startsWith(`${PREFIX}/`)) return null;
  return pathname.slice(PREFIX.length + 1);
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

/**
 * The answer of route `name`: 404 for an unknown name (its body is never read; Node drops it once the
 * answer is sent), 413 past MAX_BODY_BYTES, else the handler's, given the body read so far.
 */
async function handle(routes: ApiRoutes, name: string, request: Request): Promise<Response> {
  const load = findRoute(routes, name);
  if (!load) return fail(404, API_MESSAGES.notFound);
  let forwarded = request;
  if (request.body) {
    // Released, not cancelled, past the cap: the body streams from the socket, and the 413 must arrive.
    const body = await readBodyCapped(request, MAX_BODY_BYTES, { overflow: "release" });
    if (body === TOO_LARGE) return fail(413, API_MESSAGES.tooLarge);
    forwarded = new Request(request, { body });
  }
  const { default: entry } = await load();
  // The request's signal fires when the caller leaves mid-way, so the handler can stop its own work.
  return entry.fetch(forwarded);
}

/** Connect middleware: answers everything under /api from `routes`, passes anything else on. */
export function createApiMiddleware(routes: ApiRoutes): Connect.NextHandleFunction {
  return (req, res, next) => {
    const name = routeName(req.url ?? "");
    if (name === null) {
      next();
      return;
    }
    void serveWeb(
      req,
      res,
      (request) => handle(routes, name, request),
      (error) => {
        console.error(`[api] ${req.method ?? "GET"} ${PREFIX}/${name} failed:`, error);
        return { error: API_MESSAGES.internal };
      },
    );
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
      // A setting the proxy would refuse every call for stops the server here, with its reason.
      const ai = aiSettings(process.env);
      const costs = costSettings(process.env, [ai.imageModel, ai.textModel]);
      const problems = [...ai.problems, ...costs.problems];
      if (problems.length > 0) {
        throw new Error(`The AI proxy's settings are not usable:\n- ${problems.join("\n- ")}`);
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
