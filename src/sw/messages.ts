/** What the page and the service worker say to each other, and where the worker lives (no imports: both sides load it). */

/** The worker's script, built from src/sw/sw.ts (vite.config.ts), registered at scope "/". */
export const SERVICE_WORKER_URL = "/sw.js";

/** Posted to a waiting worker when the visitor presses "Reload" on the update prompt. */
export const SKIP_WAITING_MESSAGE = "SKIP_WAITING";
