/**
 * Signed in without the login form: a user made through the local backend's API (as the form's sign-up
 * does, and signed straight in as the local backend does), and the session put where the app keeps it
 * on the device, then the page opened. Most specs only need someone signed in; the forms themselves are
 * tested by e2e/auth.spec.ts (sign-up, login, a wrong password, the return to the page asked for) and by
 * the ui tests of the auth page.
 */
import { createClient, type Session } from "@supabase/supabase-js";
import ws from "ws";
import { expect, test, type Page } from "@playwright/test";
import { LOCAL_PUBLISHABLE_KEY } from "../src/config/local-backend.mjs";

/** The running test's base URL (the configs set one). */
export function baseUrlOfTest(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("No baseURL in the Playwright config.");
  return baseURL;
}

/** A new user through POST /auth/v1/signup; resolves with their session (the local backend signs them in). */
export async function signUpThroughApi(baseURL: string, email: string, password: string): Promise<Session> {
  const client = createClient(baseURL, LOCAL_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js needs one at createClient.
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.user) throw error ?? new Error("sign-up returned no user");
  if (!data.session) throw new Error("sign-up returned no session");
  return data.session;
}

/**
 * Where supabase-js keeps the session of a client on `baseURL` (the app's own origin in `npm start`):
 * sb-<first label of the host>-auth-token, as src/lib/supabase.ts's sessionStorageKey.
 */
function sessionKey(baseURL: string) {
  return `sb-${new URL(baseURL).hostname.split(".")[0]}-auth-token`;
}

/**
 * Puts `session` in the page's storage, as the auth client saves it after a sign-in, and opens `path`
 * signed in (the account menu shows). The storage is written on a blank page of the app's origin that
 * never reaches the server, so nothing of the app runs before the session is there.
 */
export async function openSignedIn(page: Page, session: Session, path = "/") {
  const baseURL = baseUrlOfTest();
  const blank = new URL("/__e2e-session", baseURL).href;
  await page.route(blank, (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html>" }));
  await page.goto(blank);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    sessionKey(baseURL),
    JSON.stringify(session),
  ] as const);
  await page.unroute(blank);
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
}
