/**
 * The local backend's publishable key, the one copy for the code: api/_lib/supabase.ts (its local
 * default), the backend tests, the end-to-end tests and the benchmark scripts. supabase/config.toml
 * configures @supabase/lite with the same value (tests/backend/local-backend.test.ts checks it). Local
 * only and public by design; never a hosted project's key. A .mjs module so Node scripts import it as is.
 */
export const LOCAL_PUBLISHABLE_KEY = "sb_publishable_local_restyle_ai_dev_only";
