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
