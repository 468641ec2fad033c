/**
 * Vite plugin: the built app served the way a static host serves it, so `npm start` shows what a visitor
 * gets in production.
 *
 * - `vite build`: every text asset of 1 KB or more (JS, CSS, HTML, SVG, JSON...) gets a `.gz` (level 9)
 *   and a `.br` (quality 11; 9 above 1 MB, where 11 takes seconds for a few per cent) beside it, as
 *   hosts that precompress keep them. Source maps are left as they are.
 * - `vite preview` (`npm start`): files of the build are answered from disk with the best encoding the
 *   browser accepts (br, then gzip), `Vary: Accept-Encoding`, an ETag, and the cache policy of a
 *   static host: hashed files under /assets/ are immutable for a year, everything else (index.html,
 *   the service worker sw.js, the web app manifest, the icons...) is revalidated on every load
 *   (`no-cache`), so a deploy shows at once and the browser finds a new service worker on the next load.
 *
 * Everything else (the local Supabase, /api, the local preview engine) passes through untouched.
 * Imported only by vite.config.ts; nothing here reaches the browser bundle.
 */
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Connect, Plugin } from "vite";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/;
const MIN_BYTES = 1024;
const BROTLI_MAX_QUALITY_BYTES = 1024 * 1024;
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".map": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".wasm": "application/wasm",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Write `<file>.gz` and `<file>.br` beside every compressible file of `dir` (recursively). */
export async function precompress(dir: string): Promise<number> {
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = fs.readFileSync(file);
      if (data.length < MIN_BYTES) return;
      const quality = data.length > BROTLI_MAX_QUALITY_BYTES ? 9 : 11;
      const [gz, br] = await Promise.all([
        gzip(data, { level: 9 }),
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          },
        }),
      ]);
      if (gz.length < data.length) {
        fs.writeFileSync(`${file}.gz`, gz);
        written += 1;
      }
      if (br.length < data.length) {
        fs.writeFileSync(`${file}.br`, br);
        written += 1;
      }
    }),
  );
  return written;
}

/** The encodings the request accepts, best first (br, gzip), honouring `;q=0`. */
function acceptedEncodings(header: string | string[] | undefined): ("br" | "gzip")[] {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return (["br", "gzip"] as const).filter(ok);
}

/** Answer `file` (inside the build) with the best precompressed variant and the static-host headers. */
async function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string) {
  const stat = fs.statSync(file);
  const ext = path.extname(file).toLowerCase();
  const compressible = COMPRESSIBLE.test(file);
  let body = file;
  let encoding: "br" | "gzip" | undefined;
  let size = stat.size;
  if (compressible) {
    for (const candidate of acceptedEncodings(req.headers["accept-encoding"])) {
      const variant = `${file}.${candidate === "br" ? "br" : "gz"}`;
      if (fs.existsSync(variant)) {
        body = variant;
        encoding = candidate;
        size = fs.statSync(variant).size;
        break;
      }
    }
  }
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ""}"`;
  res.setHeader("Content-Type", CONTENT_TYPES[ext] ?? "application/octet-stream");
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etag);
  if (compressible) res.setHeader("Vary", "Accept-Encoding");
  if (encoding) res.setHeader("Content-Encoding", encoding);
  if (req.headers["if-none-match"] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader("Content-Length", size);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  try {
    await pipeline(fs.createReadStream(body), res);
  } catch (error) {
    // The browser left before the file was all sent (a navigation, a cancelled prefetch): nothing to report.
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
    throw error;
  }
}

/** The built file a GET/HEAD request names, or undefined (not a file of the build, or outside it). */
function builtFile(outDir: string, req: IncomingMessage): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    return undefined;
  }
  if (pathname.endsWith("/") || /\.(?:gz|br)$/.test(pathname)) return undefined;
  const file = path.join(outDir, pathname);
  if (!file.startsWith(outDir + path.sep)) return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

export function staticHosting(): Plugin {
  let outDir = "";
  let isBuild = false;
  return {
    name: "static-hosting",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      isBuild = config.command === "build";
    },
    // Last, after the service worker is built with its precache list (server/static/pwa.ts), so sw.js
    // is compressed as it is served.
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        if (!isBuild || !fs.existsSync(outDir)) return;
        await precompress(outDir);
      },
    },
    configurePreviewServer(server) {
      const fail = (res: ServerResponse, next: Connect.NextFunction, error: unknown) => {
        if (res.headersSent) res.destroy(error as Error);
        else next(error);
      };
      // Files of the build (before Vite's own static handler): assets, favicon, images...
      server.middlewares.use((req, res, next) => {
        const hashed = req.url?.startsWith("/assets/") ?? false;
        const file = builtFile(outDir, req);
        if (!file && hashed && (req.method === "GET" || req.method === "HEAD")) {
          // A chunk this build does not have (an old tab after a deploy): a plain 404, as a static
          // host answers, never index.html in its place.
          res.statusCode = 404;
          res.setHeader("Cache-Control", REVALIDATE);
          res.end("Not found");
          return;
        }
        if (!file || file === path.join(outDir, "index.html")) return next();
        sendFile(req, res, file, hashed ? IMMUTABLE : REVALIDATE).catch((error) => fail(res, next, error));
      });
      // index.html, for "/" and every app route (after Vite's SPA fallback has pointed them at it).
      return () => {
        server.middlewares.use((req, res, next) => {
          const file = builtFile(outDir, req);
          if (!file?.endsWith(".html")) return next();
          sendFile(req, res, file, REVALIDATE).catch((error) => fail(res, next, error));
        });
      };
    },
  };
}

/**
 * The page chunk of the route being opened, fetched together with the app's own scripts instead of
 * after them: a tiny inline script in index.html looks up `location.pathname` and adds
 * `<link rel="modulepreload">` for that page's chunks (the router would only ask for them once the
 * app's code has run, a whole round trip later on a phone).
 *
 * `pages` maps a path to the module its route loads; a `signedIn` page is preloaded only when a stored
 * Supabase session exists (a visitor without one is sent to the login page instead). `withSession`
 * modules (the Supabase client, the account menu) are preloaded on every path when a session exists.
 */
/** The id of the route preload's JSON data block in index.html. */
export const ROUTE_PRELOAD_DATA_ID = "route-preload";

/**
 * The route preload's script: the same text in every build (its data is the JSON block before it).
 * It looks the opened path up and adds `<link rel="modulepreload">` for that page's chunks, and for the
 * session's when a Supabase session is stored.
 */
export const ROUTE_PRELOAD_LOADER =
  `(function(){try{var d=JSON.parse(document.getElementById("${ROUTE_PRELOAD_DATA_ID}").textContent),` +
  `t=d.pages,w=d.session,r=t[location.pathname.replace(/\\/+$/,"")||"/"],s=false,f=[];` +
  `try{for(var i=0;i<localStorage.length;i++)if(/^sb-.+-auth-token$/.test(localStorage.key(i)||""))s=true}catch(e){}` +
  `if(r&&(s||!r[1]))f=r[0];if(s)f=f.concat(w);` +
  `f.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";` +
  `l.crossOrigin="";l.href=h;document.head.appendChild(l)})}catch(e){}})();`;

export function routePreload(options: {
  pages: Record<string, { module: string; signedIn?: boolean }>;
  withSession?: string[];
}): Plugin {
  let root = "";
  return {
    name: "route-preload",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((item) => item.type === "chunk");
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const staticClosure = (fileName: string, into = new Set<string>()) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) staticClosure(imported, into);
          return into;
        };
        // What the entry already loads (and Vite already preloads) is not listed again.
        const initial = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) staticClosure(chunk.fileName, initial);
        const filesOf = (module: string) => {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id);
          if (!chunk) {
            // A page that moved: the app works as before, only without this head start. Say so.
            console.warn(`[route-preload] ${module} is not a chunk of its own any more: not preloaded`);
            return [];
          }
          return [...staticClosure(chunk.fileName)].filter((file) => !initial.has(file)).map((f) => `/${f}`);
        };

        const pages: Record<string, [string[], 0 | 1]> = {};
        for (const [route, page] of Object.entries(options.pages)) {
          const files = filesOf(page.module);
          if (files.length > 0) pages[route] = [files, page.signedIn ? 1 : 0];
        }
        const session = [...new Set((options.withSession ?? []).flatMap(filesOf))];
        // The data (which changes with every build) is a JSON block, which never runs; the script is
        // always the same text, so the Content-Security-Policy allows it by one constant hash.
        const data = JSON.stringify({ pages, session }).replace(/</g, "\\u003c");
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: ROUTE_PRELOAD_DATA_ID },
            children: data,
            injectTo: "head-prepend",
          },
          { tag: "script", children: ROUTE_PRELOAD_LOADER, injectTo: "head-prepend" },
        ];
      },
    },
  };
}
