import path from "node:path";
import type { Plugin } from "vite";

/**
 * sonner on demand: every `import ... from "sonner"` in the app gets src/lib/sonner-on-demand.tsx, the
 * same API, which fetches the real library (its own chunk) on the first press, key or toast. Toasts
 * only ever follow something the visitor did, so no page pays for them in its first load. Only that
 * module imports the real package. The unit tests use it too (vitest.config.ts): they run what ships.
 */
export function sonnerOnDemand(): Plugin {
  const onDemand = path.resolve("src/lib/sonner-on-demand.tsx");
  return {
    name: "sonner-on-demand",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "sonner" || !importer) return null;
      return path.resolve(importer.split("?")[0]!) === onDemand ? null : onDemand;
    },
  };
}
