/**
 * Vite plugin mounting the local preview engine (server/local-ai/engine.ts) at LOCAL_ENGINE_PATH in
 * both `vite` and `vite preview`, through the shared Node <-> web adapter (server/lib/node-web.ts).
 * Imported only by vite.config.ts, so it never reaches the browser bundle. The engine (and sharp) load
 * on the first request, so `vite build` never touches them.
 */
import type { Connect, Plugin } from "vite";
import { LOCAL_ENGINE_PATH } from "../../src/config/local-engine.ts";
import { serveWeb } from "../lib/node-web.ts";

type Engine = typeof import("./engine.ts");
let engine: Promise<Engine> | undefined;
const loadEngine = () => (engine ??= import("./engine.ts"));

const mounted = (url: string) =>
  url === LOCAL_ENGINE_PATH ||
  url.startsWith(`${LOCAL_ENGINE_PATH}/`) ||
  url.startsWith(`${LOCAL_ENGINE_PATH}?`);

/**
 * Connect middleware: answers everything under LOCAL_ENGINE_PATH, passes anything else on. The
 * request's signal fires when the caller goes away, so the engine skips a request still waiting its turn.
 */
export const localAiMiddleware: Connect.NextHandleFunction = (req, res, next) => {
  if (!mounted(req.url ?? "")) {
    next();
    return;
  }
  void serveWeb(
    req,
    res,
    async (request) => (await loadEngine()).handleLocalAiRequest(request),
    (error) => {
      // The engine itself never throws; this is sharp failing to load, or the socket going away.
      console.error("[local-ai]", error);
      const detail = error instanceof Error ? error.message : String(error);
      return {
        error: { code: 500, message: `The local preview engine failed: ${detail}`, status: "INTERNAL" },
      };
    },
  );
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
