/**
 * Vite plugin mounting the local preview engine (server/local-ai/engine.ts) at /__local-ai in both
 * `vite` and `vite preview`. A thin Connect <-> fetch adapter; imported only by vite.config.ts, so it
 * never reaches the browser bundle. The engine (and sharp) load on the first request, so `vite build`
 * never touches them.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { Connect, Plugin } from "vite";

const PREFIX = "/__local-ai";

type Engine = typeof import("./engine.ts");
let engine: Promise<Engine> | undefined;
const loadEngine = () => (engine ??= import("./engine.ts"));

/**
 * The request as a web Request. Its signal fires when the connection closes before the answer has been
 * sent (the caller went away), so the engine skips a request that is still waiting its turn.
 */
function toWebRequest(req: IncomingMessage, res: ServerResponse): Request {
  const host = req.headers.host ?? "localhost";
  let url: URL;
  try {
    url = new URL(req.url ?? "/", `http://${host}`);
  } catch {
    url = new URL(req.url ?? "/", "http://localhost");
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

async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  if (response.body && /^text\/event-stream/i.test(response.headers.get("content-type") ?? "")) {
    // A streamed answer (server-sent events) goes out piece by piece, as it is made.
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.flushHeaders();
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) {
        await reader.cancel();
        break;
      }
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

function sendInternalError(res: ServerResponse, detail: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({
    error: { code: 500, message: `The local preview engine failed: ${detail}`, status: "INTERNAL" },
  });
  res.statusCode = 500;
  res.setHeader("content-type", "application/json; charset=UTF-8");
  res.end(body);
}

/** Connect middleware: answers everything under /__local-ai, passes anything else on. */
export const localAiMiddleware: Connect.NextHandleFunction = (req, res, next) => {
  const url = req.url ?? "";
  if (url !== PREFIX && !url.startsWith(`${PREFIX}/`) && !url.startsWith(`${PREFIX}?`)) {
    next();
    return;
  }
  loadEngine()
    .then(async ({ handleLocalAiRequest }) =>
      sendWebResponse(res, await handleLocalAiRequest(toWebRequest(req, res))),
    )
    .catch((error: unknown) => {
      // The engine itself never throws; this is sharp failing to load, or the socket going away.
      console.error("[local-ai]", error);
      sendInternalError(res, error instanceof Error ? error.message : String(error));
    });
};

/**
 * The local preview engine as a Vite plugin. In the dev server it also sets
 * VITE_LOCAL_PREVIEW_ENGINE=true (unless already set) so the app knows the engine is there; `npm start`
 * sets it itself before building, and a plain production build never gets it.
 */
export function localAiEngine(): Plugin {
  return {
    name: "restyle:local-ai-engine",
    config(_config, env) {
      if (env.command === "serve" && !env.isPreview) process.env.VITE_LOCAL_PREVIEW_ENGINE ||= "true";
    },
    configureServer(server) {
      server.middlewares.use(localAiMiddleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(localAiMiddleware);
    },
  };
}
