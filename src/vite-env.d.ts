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
  /** "hosted" when built with AI_MODE=hosted (the server holds the key and the count), else "client". */
  readonly VITE_AI_MODE?: "client" | "hosted";
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
