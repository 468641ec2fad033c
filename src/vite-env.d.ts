/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_PUBLISHABLE_KEY?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_GEMINI_API_KEY?: string;
  readonly VITE_GEMINI_BASE_URL?: string;
  readonly VITE_GEMINI_IMAGE_MODEL?: string;
  readonly VITE_GEMINI_TEXT_MODEL?: string;
  /** "true" where the local preview engine is mounted (npm run dev, npm start). */
  readonly VITE_LOCAL_PREVIEW_ENGINE?: string;
  /**
   * Where AI calls and the conversion count live, fixed at build time by AI_MODE
   * (server/build/ai-mode.ts defines it; README "Two modes"):
   * - "client" (the default): the browser calls Gemini itself (a typed key, the embedded default key, or
   *   the local preview engine) and counts conversions in localStorage;
   * - "hosted": the server holds the Gemini key and the count; the browser calls /api/ai with the user's
   *   session and reads what is left from the user's `usage` row.
   * Only the Gemini target (lib/gemini) and the allowance (lib/allowance.ts, lib/usage.ts) look at it,
   * and the words that describe them: tools never know the mode. Written out as
   * `import.meta.env.VITE_AI_MODE === "hosted"` where it is read: a build replaces it with its value, so
   * the other mode's branches (and the modules only they use) are left out; tests switch it with
   * `vi.stubEnv("VITE_AI_MODE", "hosted")`.
   */
  readonly VITE_AI_MODE?: "client" | "hosted";
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
