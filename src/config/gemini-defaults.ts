/**
 * The Gemini settings' defaults, in one place for the browser build (src/config/env.ts) and the
 * server's AI proxy (api/_lib/ai-settings.ts), so the models the app asks for are the ones the proxy
 * allows. No import.meta here: the server imports this file too.
 */
export const GEMINI_DEFAULTS = {
  VITE_GEMINI_BASE_URL: "https://generativelanguage.googleapis.com",
  VITE_GEMINI_IMAGE_MODEL: "gemini-nano-banana-2.1",
  VITE_GEMINI_TEXT_MODEL: "gemini-3.8-flash",
} as const;
