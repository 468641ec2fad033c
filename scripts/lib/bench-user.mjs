// A user of the benchmarks: signed up through the local backend's API on a plan (the demo checkout),
// then signed in on a page through the real login form.
import { createClient } from "@supabase/supabase-js";
import ws from "ws";
import { subscribe } from "./checkout.mjs";
import { LOCAL_PUBLISHABLE_KEY as PUBLISHABLE_KEY } from "../../src/config/local-backend.mjs";

export const BENCH_PASSWORD = "correct-horse-42";

/** A fresh user (`bench-<tag>-<time>@example.com`) on `tier` ("$30/month"...); resolves to the email. */
export async function userOnTier(origin, tier, tag) {
  const email = `bench-${tag}-${Date.now()}@example.com`;
  const client = createClient(origin, PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws },
  });
  const { data, error } = await client.auth.signUp({ email, password: BENCH_PASSWORD });
  if (error || !data.user) throw error ?? new Error("sign-up returned no user");
  if (!data.session) throw new Error("sign-up returned no session");
  await subscribe(origin, data.session.access_token, tier);
  await client.auth.signOut();
  return email;
}

/** Signs `email` in on `page` through the login form; resolves on the home page. */
export async function signIn(page, origin, email) {
  await page.goto(`${origin}/auth`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(BENCH_PASSWORD);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL(`${origin}/`);
}
