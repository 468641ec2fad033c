import path from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { supalite } from "@supabase/lite/vite";
import { localAiEngine } from "./server/local-ai/plugin.ts";
import { apiRoutes } from "./server/api/plugin.ts";

// The local backend keeps its PGlite data in a git-ignored folder; `npm start` and the tests point
// SUPALITE_DB_URL at a folder of their own (see scripts/start.mjs and tests/backend/global-setup.ts).
process.env.SUPALITE_DB_URL ||= path.resolve(".data/local-db");
process.env.LITE_TELEMETRY = "0";

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Local Supabase (auth + REST) on the app's own origin, in `vite` and `vite preview` only; a
    // production build talks to whatever VITE_SUPABASE_URL names. Admin mode off: a request without a
    // user's token never bypasses row-level security, locally as in production.
    supalite({ admin: false, initOnBoot: false }),
    // The local preview engine (Gemini's generateContent, answered with sharp) at /__local-ai, in
    // `vite` and `vite preview` only; in the dev server it also sets VITE_LOCAL_PREVIEW_ENGINE=true.
    localAiEngine(),
    // The web-standard handlers of api/ at /api/<name>, in `vite` and `vite preview` only; a production
    // deploy serves the same files as serverless functions.
    apiRoutes(),
  ],
  resolve: { alias: { "@": path.resolve("src") } },
  server: { port: Number(process.env.PORT) || 5173 },
  preview: { port: Number(process.env.PORT) || 4173 },
  build: {
    target: "es2022",
    sourcemap: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // Tailwind's CSS transform has no sourcemap; it is CSS only, so the JS maps are unaffected.
        if (log.code === "SOURCEMAP_BROKEN" && log.plugin?.startsWith("@tailwindcss/vite")) return;
        handler(level, log);
      },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "supabase", test: /node_modules[\\/]@supabase[\\/]/ },
            {
              name: "ui",
              test: /node_modules[\\/](@radix-ui|radix-ui|@floating-ui|sonner|lucide-react)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
