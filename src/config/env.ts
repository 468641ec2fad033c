/**
 * Build-time configuration, parsed once at start-up. In `npm run dev` and `npm start` the local
 * Supabase plugin fills in VITE_SUPABASE_URL (the app's own origin) and the local publishable key;
 * a production build takes them from `.env` (see .env.example and README). Blank values count as unset.
 *
 * Checked by hand rather than with a schema library: six settings do not justify 5 kB (gzipped) of
 * validation code in every page's first load.
 */
import { GEMINI_DEFAULTS } from "./gemini-defaults";

export type Env = {
  VITE_SUPABASE_URL: string;
  VITE_SUPABASE_PUBLISHABLE_KEY: string;
  VITE_GEMINI_API_KEY?: string;
  VITE_GEMINI_BASE_URL: string;
  VITE_GEMINI_IMAGE_MODEL: string;
  VITE_GEMINI_TEXT_MODEL: string;
};

const DEFAULTS = GEMINI_DEFAULTS;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`The app is not configured correctly:\n${issues.map((i) => `- ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

type RawEnv = Record<string, string | boolean | undefined>;

/** A trimmed, non-blank string, or undefined. */
function text(value: string | boolean | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function isUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}

export function parseEnv(raw: RawEnv): Env {
  const issues: string[] = [];
  const supabaseUrl = text(raw.VITE_SUPABASE_URL);
  if (!supabaseUrl || !isUrl(supabaseUrl)) {
    issues.push("VITE_SUPABASE_URL must be the URL of your Supabase project");
  }
  const key = text(raw.VITE_SUPABASE_PUBLISHABLE_KEY) ?? text(raw.VITE_SUPABASE_ANON_KEY);
  if (!key) issues.push("VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY) must be set");
  const geminiBaseUrl = text(raw.VITE_GEMINI_BASE_URL) ?? DEFAULTS.VITE_GEMINI_BASE_URL;
  if (!isUrl(geminiBaseUrl)) issues.push("VITE_GEMINI_BASE_URL must be a URL");
  if (issues.length > 0 || !supabaseUrl || !key) throw new EnvError(issues);

  const env: Env = {
    VITE_SUPABASE_URL: supabaseUrl,
    VITE_SUPABASE_PUBLISHABLE_KEY: key,
    VITE_GEMINI_BASE_URL: geminiBaseUrl,
    VITE_GEMINI_IMAGE_MODEL: text(raw.VITE_GEMINI_IMAGE_MODEL) ?? DEFAULTS.VITE_GEMINI_IMAGE_MODEL,
    VITE_GEMINI_TEXT_MODEL: text(raw.VITE_GEMINI_TEXT_MODEL) ?? DEFAULTS.VITE_GEMINI_TEXT_MODEL,
  };
  const geminiKey = text(raw.VITE_GEMINI_API_KEY);
  if (geminiKey) env.VITE_GEMINI_API_KEY = geminiKey;
  return env;
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
