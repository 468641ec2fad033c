/** The app's one Supabase client, loaded on first use, and what is known of the session before it loads. */
import { getEnv } from "@/config/env";
import type { Session } from "@supabase/auth-js";
import type { AppSupabase } from "./supabase.lazy";

export type { AppSupabase } from "./supabase.lazy";

let client: Promise<AppSupabase> | undefined;
let loaded: AppSupabase | undefined;
const loadedListeners = new Set<(supabase: AppSupabase) => void>();

/**
 * The one Supabase client of the app. It talks to whatever VITE_SUPABASE_URL names: the local
 * @supabase/lite backend on the app's own origin in dev/start, a hosted project in production.
 *
 * Its code (about 30 kB gzipped) is a chunk of its own, loaded on the first call: a public page renders
 * without it, and a visitor who has never signed in does not download it until they do (see
 * mayHaveSession). A failed load (offline) is not remembered, so the next call tries again.
 */
export function getSupabase(): Promise<AppSupabase> {
  client ??= import("./supabase.lazy")
    .then(({ createAppSupabase }) => {
      const env = getEnv();
      const supabase = createAppSupabase({
        url: env.VITE_SUPABASE_URL,
        key: env.VITE_SUPABASE_PUBLISHABLE_KEY,
        storageKey: sessionStorageKey(),
      });
      loaded = supabase;
      loadedListeners.forEach((listener) => listener(supabase));
      loadedListeners.clear();
      return supabase;
    })
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}

/** Call `listener` with the client once something has loaded it (at once if it is already loaded). */
export function onSupabaseLoaded(listener: (supabase: AppSupabase) => void): () => void {
  if (loaded) {
    const supabase = loaded;
    let active = true;
    queueMicrotask(() => active && listener(supabase));
    return () => {
      active = false;
    };
  }
  loadedListeners.add(listener);
  return () => {
    loadedListeners.delete(listener);
  };
}

/** Where the auth client keeps the session: supabase-js's key, sb-<first label of the host>-auth-token. */
export function sessionStorageKey(): string {
  return `sb-${new URL(getEnv().VITE_SUPABASE_URL).hostname.split(".")[0]}-auth-token`;
}

/**
 * The session the auth client keeps on this device, read without loading it; null when there is none
 * or it cannot be read. Only for showing who is signed in while the auth server cannot be reached: it
 * may have expired, and nothing is sent with it until the client has refreshed it.
 */
export function storedSession(): Session | null {
  try {
    const raw = localStorage.getItem(sessionStorageKey());
    const session = raw ? (JSON.parse(raw) as Partial<Session> | null) : null;
    return session?.access_token && session.user?.id ? (session as Session) : null;
  } catch {
    return null;
  }
}

/**
 * Whether there may be a session to restore, known without loading the client: one is stored, or the
 * URL carries an auth redirect (email confirmation, password recovery). False means signed out for sure.
 */
export function mayHaveSession(): boolean {
  try {
    if (localStorage.getItem(sessionStorageKey()) !== null) return true;
  } catch {
    // Storage unavailable: only the client can tell.
    return true;
  }
  const { hash, search } = window.location;
  return /(?:^|[#?&])(?:access_token|error_description)=/.test(`${search}&${hash}`);
}

/**
 * The auth client's "no answer from the server" error (auth-js's isAuthRetryableFetchError), told apart
 * without loading the client: it marks its errors with `__isAuthError` and names this one.
 */
export function isAuthRetryableFetchError(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "__isAuthError" in error &&
    (error as { name?: unknown }).name === "AuthRetryableFetchError"
  );
}
