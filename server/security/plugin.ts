/**
 * Vite plugin: the security side of building and serving the app.
 * - `vite build`: the source maps (vite.config.ts: `sourcemap: "hidden"`, no sourceMappingURL in the
 *   code) are moved out of the build folder to `.sourcemaps/<build folder>/` (git-ignored), so they are
 *   never served or deployed; keep them for reading a production stack trace.
 * - `vite preview` (`npm start`): every answer (the page, assets, /api, the local backend and the
 *   local preview engine) carries the headers of server/security/headers.mjs, with the
 *   Content-Security-Policy's script hashes computed from the built index.html's own inline scripts,
 *   and a request for a `.map` file is answered 404.
 * The dev server gets none of this: Vite's hot reload runs inline scripts a CSP would block.
 * Imported only by vite.config.ts; nothing here reaches the browser bundle.
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { connectSources, inlineScriptHashes, securityHeaders } from "./headers.mjs";

export const SOURCEMAP_DIR = ".sourcemaps";

function mapsIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".map"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The headers `npm start` sends, for the build in `outDir` and the settings it was built with. */
export function headersForBuild(outDir: string, env: Record<string, string | undefined> = process.env) {
  const html = fs.readFileSync(path.join(outDir, "index.html"), "utf8");
  return securityHeaders({
    scriptHashes: inlineScriptHashes(html),
    connect: connectSources({ geminiBaseUrl: env.VITE_GEMINI_BASE_URL, supabaseUrl: env.VITE_SUPABASE_URL }),
  });
}

export function securityPlugin(): Plugin {
  let outDir = "";
  let root = "";
  let isBuild = false;
  return {
    name: "restyle:security",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isBuild = config.command === "build";
    },
    writeBundle() {
      if (!isBuild || !fs.existsSync(outDir)) return;
      const keep = path.join(root, SOURCEMAP_DIR, path.basename(outDir));
      fs.rmSync(keep, { recursive: true, force: true });
      for (const map of mapsIn(outDir)) {
        const target = path.join(keep, path.relative(outDir, map));
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.renameSync(map, target);
      }
    },
    configurePreviewServer(server) {
      const headers = Object.entries(headersForBuild(outDir));
      // First in the chain, so every answer of every other middleware carries them.
      server.middlewares.use((req, res, next) => {
        for (const [name, value] of headers) res.setHeader(name, value);
        if (/\.map(?:$|\?)/.test(req.url ?? "")) {
          res.statusCode = 404;
          res.setHeader("Cache-Control", "no-cache");
          res.end("Not found");
          return;
        }
        next();
      });
    },
  };
}
