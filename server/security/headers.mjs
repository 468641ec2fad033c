// The security headers of every answer: one source for `npm start` (server/security/plugin.ts) and the
// deploy config (vercel.json, written by scripts/deploy-headers.mjs and checked by e2e/security.spec.ts),
// so the two cannot drift. Plain JavaScript so Node scripts and the Vite config both import it.
import { createHash } from "node:crypto";

/** Google's Gemini API: the browser calls it itself with a visitor's own key (both modes). */
export const GEMINI_ORIGIN = "https://generativelanguage.googleapis.com";
/** Where a hosted Supabase project lives, for a deploy config written before its URL is known. */
export const HOSTED_SUPABASE_ORIGINS = "https://*.supabase.co";

/**
 * The sha256 CSP source of every inline script that runs (not `src=`, not a JSON data block) in an HTML
 * page, in document order: what `script-src` must allow for that page's own inline scripts.
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes, body] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/** An origin of a URL, or undefined for something that is not an http(s) URL. */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy:
 * - scripts only from the app's origin, plus its own inline scripts by hash (the theme before the first
 *   paint, the route preload loader: both constant, their data is a JSON block);
 * - styles also inline (Radix and sonner set style attributes and inject style elements);
 * - images from the app, data: and blob: (photos, results, thumbnails); media likewise (the camera);
 * - connections to the app (its API, the local backend), Gemini and the Supabase project;
 * - workers from the app and blob: (the HEIC decoder starts its worker from a blob; it is asm.js,
 *   so no 'wasm-unsafe-eval');
 * - no plugins, no <base>, forms only to the app, and no framing (clickjacking).
 */
export function contentSecurityPolicy({ scriptHashes, connect = [] }) {
  const connectSources = ["'self'", ...new Set(connect.filter(Boolean))];
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connectSources.join(" ")} data: blob:`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The sources connect-src needs besides the app itself: Gemini's origin (or the proxy the build points
 * at) and the Supabase project's, where they are not the app's own origin.
 */
export function connectSources({ geminiBaseUrl = GEMINI_ORIGIN, supabaseUrl } = {}) {
  return [
    originOf(geminiBaseUrl) ?? GEMINI_ORIGIN,
    supabaseUrl ? (originOf(supabaseUrl) ?? supabaseUrl) : undefined,
  ].filter(Boolean);
}

/** Every header, name to value, as they go on each HTML, asset and API answer. */
export function securityHeaders({ scriptHashes, connect }) {
  return {
    "Content-Security-Policy": contentSecurityPolicy({ scriptHashes, connect }),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // Voice input needs the microphone (this origin only); nothing needs the camera through the API
    // (Take Photo uses the system's capture input) or the location.
    "Permissions-Policy": "microphone=(self), camera=(), geolocation=()",
  };
}
