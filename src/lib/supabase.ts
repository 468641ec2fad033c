import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { getEnv } from "@/config/env";

let client: SupabaseClient | undefined;

/**
 * The one Supabase client of the app. It talks to whatever VITE_SUPABASE_URL names: the local
 * @supabase/lite backend on the app's own origin in dev/start, a hosted project in production.
 */
export function getSupabase(): SupabaseClient {
  if (!client) {
    const env = getEnv();
    client = createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_PUBLISHABLE_KEY, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    });
  }
  return client;
}
