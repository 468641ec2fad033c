/** End-to-end set-up through the local backend's API rather than the UI: a user on a given plan. */
import type { Session } from "@supabase/supabase-js";
import type { TierId } from "../src/config/tiers";
import { subscribe } from "../scripts/lib/checkout.mjs";
import { type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./helpers";
import { openSignedIn, signUpThroughApi } from "./session";

/**
 * Test set-up straight through the backend's API: sign up a user and put them on a plan through
 * POST /api/checkout with the demo card, as the payment page does (the only way a plan changes).
 * Resolves with the user's session.
 */
export async function createUserOnTier(
  baseURL: string,
  email: string,
  password: string,
  tier: TierId,
): Promise<Session> {
  const session = await signUpThroughApi(baseURL, email, password);
  if (tier !== "Freemium") await subscribe(baseURL, session.access_token, tier);
  return session;
}

/** A new user on `tier` (named after `tag`), signed in on `page` at "/"; resolves with the email. */
export async function signInOnTier(page: Page, baseURL: string, tier: TierId, tag: string) {
  const email = uniqueEmail(tag);
  await openSignedIn(page, await createUserOnTier(baseURL, email, PASSWORD, tier));
  return email;
}
