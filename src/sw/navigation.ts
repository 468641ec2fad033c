/** Which navigations the service worker answers with the precached app (every app route) and which it leaves to the network. */
import { SHARE_TARGET_ACTION } from "@/config/share";

/** The page the worker opens for every app route, online or not: the server answers the same one. */
export const APP_SHELL_URL = "/index.html";

/**
 * Paths never answered from the cache: the app's API, the (local) Supabase auth, database and storage,
 * the local preview engine, and the share target (a POST the worker answers itself).
 */
export const NETWORK_ONLY_PATHS: readonly RegExp[] = [
  /^\/api(?:\/|$)/,
  /^\/auth\/v1(?:\/|$)/,
  /^\/rest\/v1(?:\/|$)/,
  /^\/storage(?:\/|$)/,
  /^\/__local-ai(?:\/|$)/,
  new RegExp(`^${SHARE_TARGET_ACTION}(?:/|$)`),
];

/** True when a navigation to `pathname` opens the app shell from the cache. */
export function opensAppShell(pathname: string): boolean {
  return !NETWORK_ONLY_PATHS.some((pattern) => pattern.test(pathname));
}
