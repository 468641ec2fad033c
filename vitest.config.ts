import path from "node:path";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "@": path.resolve("src") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "ui",
          environment: "jsdom",
          globals: true,
          include: ["tests/**/*.test.{ts,tsx}"],
          exclude: ["tests/backend/**"],
          setupFiles: ["tests/setup.ts"],
          css: false,
          // The UI tests talk to a Supabase that msw answers (tests/msw/supabase.ts).
          env: {
            VITE_SUPABASE_URL: "http://supabase.test",
            VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_test",
          },
        },
      },
      {
        extends: true,
        test: {
          name: "backend",
          environment: "node",
          globals: true,
          include: ["tests/backend/**/*.test.ts"],
          globalSetup: ["tests/backend/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
