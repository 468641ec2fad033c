/** Builds the app's Supabase client: auth and the REST API typed by the database's schema. */
import { AuthClient, type GoTrueClient } from "@supabase/auth-js";
import { PostgrestClient } from "@supabase/postgrest-js";
import type { Database } from "@/config/database.types";

/**
 * What the app uses of Supabase: auth (sessions) and the REST API (tables), typed by the database's
 * schema (config/database.types.ts). Built from supabase-js's own auth and PostgREST clients, wired the
 * way `createClient` wires them, without the realtime, storage and functions clients the app never
 * calls (a third of supabase-js's size).
 */
type Rest = PostgrestClient<Database>;

export type AppSupabase = {
  auth: GoTrueClient;
  from: Rest["from"];
};

export type SupabaseSettings = { url: string; key: string; storageKey: string };

/** This module is loaded on demand (see lib/supabase.ts); it is the only one importing the clients. */
export function createAppSupabase({ url, key, storageKey }: SupabaseSettings): AppSupabase {
  const base = new URL(url.endsWith("/") ? url : `${url}/`);
  const auth = new AuthClient({
    url: new URL("auth/v1", base).href,
    headers: { Authorization: `Bearer ${key}`, apikey: key },
    storageKey,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: "implicit",
  });
  // As supabase-js does: every REST call carries the user's access token (row-level security), or the
  // publishable key when signed out. `fetch` is looked up per call, so test doubles installed later apply.
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const headers = new Headers(init?.headers);
    if (!headers.has("apikey")) headers.set("apikey", key);
    if (!headers.has("Authorization")) {
      headers.set("Authorization", `Bearer ${data.session?.access_token ?? key}`);
    }
    return fetch(input, { ...init, headers });
  };
  const rest: Rest = new PostgrestClient<Database>(new URL("rest/v1", base).href, { fetch: fetchWithAuth });
  return { auth, from: rest.from.bind(rest) as Rest["from"] };
}
