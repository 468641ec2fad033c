/** Keeps login-required routes behind the login screen, without bouncing a visitor who is only offline. */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useAuth } from "@/lib/auth";
import { authPathFor } from "@/lib/auth-redirect";
import { sessionStorageKey } from "@/lib/supabase";

/** A stored session that could not be refreshed (offline, or the auth server out of reach): wait here. */
export const SIGN_IN_WAIT_MESSAGE =
  "We couldn't check your sign-in without a connection. This page opens by itself once you're back online — no need to sign in again.";

/**
 * A session is still stored: "signed out" then only means the auth server could not be reached to
 * refresh it (a refused refresh removes it), so the visitor is not sent to sign in again.
 */
function sessionStillStored(): boolean {
  try {
    return localStorage.getItem(sessionStorageKey()) !== null;
  } catch {
    return false;
  }
}

/**
 * Login-required routes (SPEC 2.1): "Loading..." while the session check runs, the content with a
 * session, and the login screen without one, which brings the visitor back here after signing in.
 * A stored session that could not be refreshed (offline, or the auth server out of reach) waits here
 * instead: the page opens once the auth client refreshes it (at once on reconnecting, providers.tsx).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "signed-out" && !sessionStillStored()) {
    return <Navigate to={authPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  if (auth.status !== "signed-in") {
    return (
      <div
        role="status"
        className="flex min-h-[50vh] items-center justify-center p-4 text-center text-muted-foreground"
      >
        {auth.status === "loading" ? "Loading..." : SIGN_IN_WAIT_MESSAGE}
      </div>
    );
  }
  return <>{children}</>;
}
