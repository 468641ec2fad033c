import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { localBackend } from "./server/backend/plugin.ts";
import { localAiEngine } from "./server/local-ai/plugin.ts";
import { apiRoutes } from "./server/api/plugin.ts";
import { routePreload, staticHosting } from "./server/static/plugin.ts";
import { pwa } from "./server/static/pwa.ts";
import { securityPlugin } from "./server/security/plugin.ts";
import { aiMode } from "./server/build/ai-mode.ts";
import { sonnerOnDemand } from "./server/build/sonner-on-demand.ts";

// The local backend keeps its PGlite data in a git-ignored folder; `npm start` and the tests point
// SUPALITE_DB_URL at a folder of their own (see scripts/start.mjs and tests/backend/global-setup.ts).
process.env.SUPALITE_DB_URL ||= path.resolve(".data/local-db");
process.env.LITE_TELEMETRY = "0";

/**
 * Modules that only re-export, declared free of side effects: a page that imports one name from such an
 * entry loads the files behind that name, not every file the entry names (the bundler otherwise keeps a
 * static edge to each). The saved-results module's public entry is one: a tool page takes two hooks from
 * it, not the save path, the hand-over or My Creations' reads.
 */
function pureEntries(files: string[]): Plugin {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const ids = files.map((file) => new RegExp(`^${escape(path.resolve(file))}(\\?.*)?$`));
  return {
    name: "pure-entries",
    // The filter keeps the bundler from calling this hook for every other module.
    transform: { filter: { id: ids }, handler: (code) => ({ code, map: null, moduleSideEffects: false }) },
  };
}

export default defineConfig({
  plugins: [
    // First: in `vite preview` its security headers go on every answer of every plugin below; in a
    // build it moves the source maps out of the build folder.
    securityPlugin(),
    // AI_MODE (unset/client or hosted) as import.meta.env.VITE_AI_MODE; a hosted build with
    // VITE_GEMINI_API_KEY set, or any other AI_MODE, stops here (server/build/ai-mode.ts). First: it
    // decides VITE_LOCAL_PREVIEW_ENGINE before the local preview engine's plugin does.
    aiMode(),
    sonnerOnDemand(),
    pureEntries(["src/lib/creations/index.ts"]),
    react(),
    tailwindcss(),
    // Local Supabase (auth + REST) on the app's own origin, in `vite` and `vite preview` only; a
    // production build talks to whatever VITE_SUPABASE_URL names. Admin mode off and the migrations'
    // table privileges kept (server/backend/plugin.ts), locally as in production.
    localBackend(),
    // The local preview engine (Gemini's generateContent, answered with sharp) at /__local-ai, in
    // `vite` and `vite preview` only; in the dev server it also sets VITE_LOCAL_PREVIEW_ENGINE=true.
    localAiEngine(),
    // The web-standard handlers of api/ at /api/<name>, in `vite` and `vite preview` only; a production
    // deploy serves the same files as serverless functions.
    apiRoutes(),
    // The build precompressed (.gz, .br) and `vite preview` serving it like a static host: best encoding
    // the browser accepts, immutable caching for hashed assets, index.html revalidated on every load.
    staticHosting(),
    // The opened route's page chunks start downloading with the app's own scripts (see the plugin).
    routePreload({
      pages: {
        "/auth": { module: "src/features/auth/auth-page.tsx" },
        "/pricing": { module: "src/features/billing/pricing-page.tsx" },
        "/help": { module: "src/features/help/help-page.tsx" },
        "/documentation": { module: "src/features/help/documentation-page.tsx" },
        "/": { module: "src/tools/styles/conversion-page.tsx", signedIn: true },
      },
      // A returning visitor's session check, with the page instead of after it (the account menu waits
      // for a touch of the avatar: src/features/account/user-menu.tsx).
      withSession: ["src/lib/supabase.lazy.ts"],
    }),
    // The web app manifest and the service worker (src/sw/sw.ts), in `vite build` only: installable,
    // opens offline, takes photos from the share sheet (server/static/pwa.ts).
    pwa(),
  ],
  resolve: { alias: { "@": path.resolve("src") } },
  server: { port: Number(process.env.PORT) || 5173 },
  preview: { port: Number(process.env.PORT) || 4173 },
  build: {
    target: "es2022",
    // Maps without a sourceMappingURL in the code; server/security/plugin.ts moves them out of the build.
    sourcemap: "hidden",
    rolldownOptions: {
      onLog(level, log, handler) {
        // Tailwind's CSS transform has no sourcemap; it is CSS only, so the JS maps are unaffected.
        if (log.code === "SOURCEMAP_BROKEN" && log.plugin?.startsWith("@tailwindcss/vite")) return;
        handler(level, log);
      },
      output: {
        // Chunks follow what pages use, not library names:
        // - react, react-dom and the router are on every page and change less often than the app: one
        //   chunk that stays cached across deploys;
        // - everything the entry loads anyway (the shell, providers, shared UI) is one chunk, instead of
        //   a dozen small ones that each page fetches and that compress worse apart;
        // - everything else is split by dynamic import: a page, a dialog or a menu brings only the
        //   libraries it imports, when it is opened.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            { name: "app", tags: ["$initial"], priority: 1 },
            // What every tool page takes from saved results at once (keep a result, show the last one
            // again), as one file rather than half a dozen small ones. (Taking a handed-over photo stays
            // with the photo tools' upload: the animator has none.)
            {
              name: "creations",
              test: /src[\\/]lib[\\/]creations[\\/](chosen|db|errors|keep|keys|origin|queries|read|stored-files|use-kept-creation)\.ts$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
