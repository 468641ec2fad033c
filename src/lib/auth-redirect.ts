/** Where the login page sends a visitor afterwards: only back to a page of this site. */
import { paths } from "@/config/paths";

/** Query parameter on /auth naming the local page to return to after signing in. */
export const REDIRECT_PARAM = "redirect";

/**
 * Only a path on this site is followed ("/hulk", "/?custom=true"); anything else ("//evil.example",
 * "https://...", "javascript:") falls back to the home page, so the link cannot send people away.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return paths.home;
  if (value === paths.auth || value.startsWith(`${paths.auth}?`) || value.startsWith(`${paths.auth}/`)) {
    return paths.home;
  }
  return value;
}

/** The /auth link that brings the visitor back to `target` after signing in. */
export function authPathFor(target: string): string {
  const safe = safeRedirectTarget(target);
  return safe === paths.home ? paths.auth : `${paths.auth}?${REDIRECT_PARAM}=${encodeURIComponent(safe)}`;
}
