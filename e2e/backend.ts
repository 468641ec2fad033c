/** End-to-end set-up through the local backend's API rather than the UI: a user on a given plan. */
import { createClient } from "@supabase/supabase-js";
import ws from "ws";
import type { TierId } from "../src/config/tiers";
import { subscribe } from "../scripts/lib/checkout.mjs";
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../src/config/local-backend.mjs";
import { expect, type Page } from "@playwright/test";
import { logIn, PASSWORD, uniqueEmail } from "./helpers";

/**
 * Test set-up straight through the backend's API: sign up a user and put them on a plan through
 * POST /api/checkout with the demo card, as the payment page does (the only way a plan changes).
 */
export async function createUserOnTier(baseURL: string, email: string, password: string, tier: TierId) {
  const client = createClient(baseURL, PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js needs one at createClient.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw error ?? new Error("sign-up returned no user");
  if (tier !== "Freemium") {
    if (!data.session) throw new Error("sign-up returned no session");
    await subscribe(baseURL, data.session.access_token, tier);
  }
  await client.auth.signOut();
}

/** A new user on `tier` (named after `tag`), signed in through the login page; resolves with the email. */
export async function signInOnTier(page: Page, baseURL: string, tier: TierId, tag: string) {
  const email = uniqueEmail(tag);
  await createUserOnTier(baseURL, email, PASSWORD, tier);
  await page.goto("/auth");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  return email;
}
