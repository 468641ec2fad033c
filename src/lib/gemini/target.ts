/**
 * Where an AI call goes and with which key (docs/architecture.md "Key resolution"): the key typed on the
 * page, else in hosted mode the app's own proxy (/api/ai, with the user's session: the server holds the
 * key and the count), else the embedded default (VITE_GEMINI_API_KEY), else the local preview engine
 * where dev/start mount it, else a clear "no API key" error.
 */
import { getEnv } from "@/config/env";
import { LOCAL_ENGINE_PATH } from "@/config/local-engine";
import { getSupabase, isAuthRetryableFetchError } from "@/lib/supabase";
import { reportServerUsage, type ServerUsage } from "@/lib/usage";
import { noKeyError } from "./errors";

export type GeminiTarget = {
  baseUrl: string;
  apiKey?: string;
  source: "user-key" | "default-key" | "local-engine" | "hosted";
  /**
   * Hosted: the signed-in user's access token (null when signed out), asked for before every attempt,
   * so a retry after the token was refreshed carries the new one.
   */
  authorization?: () => Promise<string | null>;
  /** Hosted: what the server's count is after an answer (its x-conversions-* headers). */
  onUsage?: (usage: ServerUsage) => void;
};

/** Hosted mode: the proxy on the app's origin (api/ai.ts). */
export const HOSTED_AI_PATH = "/api/ai";
const GOOGLE_HOST = "generativelanguage.googleapis.com";

function setting(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Gemini's base URL (or the proxy VITE_GEMINI_BASE_URL names), where a typed key goes. */
export function geminiBaseUrl(): string {
  const url = setting(import.meta.env.VITE_GEMINI_BASE_URL) ?? getEnv().VITE_GEMINI_BASE_URL;
  return url.replace(/\/+$/, "");
}

/** Whether a typed key goes to Google itself (not to a proxy named by VITE_GEMINI_BASE_URL). */
export function typedKeyGoesToGoogle(): boolean {
  try {
    return new URL(geminiBaseUrl()).hostname === GOOGLE_HOST;
  } catch {
    return false;
  }
}

/** Whether dev/start mount the local preview engine (the proxy forwards to it in hosted mode). */
export function localPreviewEngineMounted(): boolean {
  const flag: unknown = import.meta.env.VITE_LOCAL_PREVIEW_ENGINE;
  return flag === "true" || flag === true;
}

/** The user's current access token; the auth client refreshes it first when it is about to expire. */
async function sessionAccessToken(): Promise<string | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.getSession();
  // No answer from the auth server while refreshing: offline, not signed out.
  if (error && isAuthRetryableFetchError(error)) throw error;
  return data.session?.access_token ?? null;
}

/**
 * The env is read on every call rather than only through the cached getEnv(), so a key, base URL or
 * mode stubbed in a test (vi.stubEnv) is seen; in the app they are fixed at build time anyway.
 */
export function resolveGeminiTarget(userKey?: string | null): GeminiTarget {
  const typed = setting(userKey);
  if (typed) return { baseUrl: geminiBaseUrl(), apiKey: typed, source: "user-key" };
  // Hosted: never a shared key in the bundle, never the local engine directly (the proxy may use it).
  if (import.meta.env.VITE_AI_MODE === "hosted") {
    return {
      baseUrl: `${window.location.origin}${HOSTED_AI_PATH}`,
      source: "hosted",
      authorization: sessionAccessToken,
      onUsage: reportServerUsage,
    };
  }
  const embedded = setting(import.meta.env.VITE_GEMINI_API_KEY);
  if (embedded) return { baseUrl: geminiBaseUrl(), apiKey: embedded, source: "default-key" };
  if (localPreviewEngineMounted()) {
    return { baseUrl: `${window.location.origin}${LOCAL_ENGINE_PATH}`, source: "local-engine" };
  }
  throw noKeyError();
}
