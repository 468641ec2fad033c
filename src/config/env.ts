// zod/mini: the same validation as zod, tree-shakable, a few kB instead of ~60 kB in the first load.
import * as z from "zod/mini";

/**
 * Build-time configuration, parsed once at start-up. In `npm run dev` and `npm start` the local
 * Supabase plugin fills in VITE_SUPABASE_URL (the app's own origin) and the local publishable key;
 * a production build takes them from `.env` (see .env.example and README). Blank values count as unset.
 */
const EnvSchema = z.object({
  VITE_SUPABASE_URL: z.url({ error: "VITE_SUPABASE_URL must be the URL of your Supabase project" }),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.string({
    error: "VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY) must be set",
  }),
  VITE_GEMINI_API_KEY: z.optional(z.string()),
  VITE_GEMINI_BASE_URL: z._default(
    z.url({ error: "VITE_GEMINI_BASE_URL must be a URL" }),
    "https://generativelanguage.googleapis.com",
  ),
  VITE_GEMINI_IMAGE_MODEL: z._default(z.string(), "gemini-nano-banana-2.1"),
  VITE_GEMINI_TEXT_MODEL: z._default(z.string(), "gemini-3.8-flash"),
});

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`The app is not configured correctly:\n${issues.map((i) => `- ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type RawEnv = Record<string, string | boolean | undefined>;

export function parseEnv(raw: RawEnv): Env {
  const text = (v: string | boolean | undefined) =>
    typeof v === "string" && v.trim() !== "" ? v : undefined;
  const result = EnvSchema.safeParse({
    VITE_SUPABASE_URL: text(raw.VITE_SUPABASE_URL),
    VITE_SUPABASE_PUBLISHABLE_KEY:
      text(raw.VITE_SUPABASE_PUBLISHABLE_KEY) ?? text(raw.VITE_SUPABASE_ANON_KEY),
    VITE_GEMINI_API_KEY: text(raw.VITE_GEMINI_API_KEY),
    VITE_GEMINI_BASE_URL: text(raw.VITE_GEMINI_BASE_URL),
    VITE_GEMINI_IMAGE_MODEL: text(raw.VITE_GEMINI_IMAGE_MODEL),
    VITE_GEMINI_TEXT_MODEL: text(raw.VITE_GEMINI_TEXT_MODEL),
  });
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => i.message));
  }
  return result.data;
}

let cached: Env | undefined;

/** The parsed environment; throws an EnvError with readable messages when something is missing. */
export function getEnv(): Env {
  cached ??= parseEnv({
    ...import.meta.env,
    // Read explicitly: the local Supabase plugin defines these two as expressions, not env entries.
    VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  });
  return cached;
}
