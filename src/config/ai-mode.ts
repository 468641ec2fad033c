/**
 * Where AI calls and the conversion count live (README "Hosted mode"), fixed at build time by
 * `AI_MODE` (server/build/ai-mode.ts defines VITE_AI_MODE from it):
 * - "client" (the default): the browser calls Gemini itself (a typed key, the embedded default key, or the
 *   local preview engine) and counts conversions in localStorage;
 * - "hosted": the server holds the Gemini key and the count; the browser calls /api/ai with the user's
 *   session and reads what is left from the user's `usage` row.
 * Only the Gemini target (lib/gemini) and the allowance (lib/allowance.ts, lib/usage.ts) look at it, and
 * the words that describe them: tools never know the mode.
 *
 * Read from import.meta.env on every call, so a test can `vi.stubEnv("VITE_AI_MODE", "hosted")`. A build
 * replaces every call with its answer (server/build/ai-mode.ts), so write it as a plain `isHostedMode()`
 * call: a client build then drops every hosted-only branch, and the code only they use.
 */
export function isHostedMode(): boolean {
  return import.meta.env.VITE_AI_MODE === "hosted";
}
