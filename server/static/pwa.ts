/**
 * The installable app (vite-plugin-pwa): the web app manifest, and the service worker built from
 * src/sw/sw.ts with the build's precache list written in (injectManifest). Only `vite build` makes
 * them; the dev server registers no worker (hot reload stays as it is) and the app registers the built
 * one itself (src/lib/service-worker.ts), so the plugin injects no script into index.html.
 * Imported only by vite.config.ts; nothing here reaches the browser bundle.
 */
import { VitePWA, type ManifestOptions } from "vite-plugin-pwa";
import { BRAND_NAME } from "../../src/config/brand.ts";
import { paths } from "../../src/config/paths.ts";
import { SHARE_FILES_FIELD, SHARE_TARGET_ACTION, SHARED_IMAGE_TYPES } from "../../src/config/share.ts";

/** The brand's green (the logo's square, index.html's theme-color) and the light theme's background. */
export const THEME_COLOR = "#16a34a";
export const BACKGROUND_COLOR = "#ffffff";

/** Every type and extension the share sheet may send, as share_target's `accept` lists them. */
const sharedAccept = Object.entries(SHARED_IMAGE_TYPES).flatMap(([type, extensions]) => [
  type,
  ...extensions,
]);

export const MANIFEST: Partial<ManifestOptions> = {
  id: "/",
  name: BRAND_NAME,
  short_name: BRAND_NAME,
  description: "Restyle your photos with AI: add a cucumber, go Hulk, Muppet, Simpsons and more.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
  // "Share → Cucumber.AI" from the gallery: the worker keeps the photos and opens the chooser (src/sw).
  share_target: {
    action: SHARE_TARGET_ACTION,
    method: "POST",
    enctype: "multipart/form-data",
    params: { files: [{ name: SHARE_FILES_FIELD, accept: sharedAccept }] },
  },
  // "Open with" on the desktop: the chooser reads the files from the launch queue.
  file_handlers: [
    {
      action: paths.share,
      accept: Object.fromEntries(Object.entries(SHARED_IMAGE_TYPES).map(([type, ext]) => [type, [...ext]])),
    },
  ],
};

/**
 * What the worker precaches: index.html, every script and style of the build (each route's chunks, so
 * any tool page opens offline), the icons and the logo. Left out:
 * - the `.br`/`.gz` copies (server/static/plugin.ts; the browser asks for the file and the server
 *   picks the encoding) and source maps (moved out of the build anyway);
 * - the HEIC decoder (heic-to, about 2.6 MB and 700 KB compressed): loaded only for a HEIC photo, and
 *   a HEIC photo cannot be converted offline anyway; every visitor would download it at install.
 */
export const PRECACHE_GLOBS = ["**/*.{js,css,html}", "icons/*.png", "favicon.svg", "images/*.svg"];
export const PRECACHE_IGNORES = ["**/*.map", "**/*.{br,gz}", "**/heic-to*.js", "sw.js"];

export function pwa() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "src/sw",
    filename: "sw.ts",
    // The app registers the worker itself after `load` (src/lib/service-worker.ts): no inline script,
    // so the Content-Security-Policy's script hashes do not change.
    injectRegister: false,
    manifest: MANIFEST,
    // The icons are listed in the glob patterns above.
    includeManifestIcons: false,
    injectManifest: {
      // A classic worker: module service workers are not in every browser the app supports.
      rollupFormat: "iife",
      // Its map would land in the build after the security plugin moved the others out.
      sourcemap: false,
      globPatterns: PRECACHE_GLOBS,
      globIgnores: PRECACHE_IGNORES,
      // The largest chunk the app loads lazily (the art canvas, the zip writer...) is far below this;
      // a chunk above it fails the build instead of silently not working offline.
      maximumFileSizeToCacheInBytes: 1024 * 1024,
    },
    // No worker in `npm run dev`: hot reload and a service worker do not mix.
    devOptions: { enabled: false },
  });
}
