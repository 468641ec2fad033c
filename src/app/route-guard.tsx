/** Keeps login-required routes behind the login screen. */
import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { useAuth } from "@/lib/auth";
import { authPathFor } from "@/lib/auth-redirect";

/**
 * Login-required routes (SPEC 2.1): "Loading..." while the session check runs, the content with a
 * session, and the login screen without one, which brings the visitor back here after signing in.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === "loading") {
    return (
      <div role="status" className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
        Loading...
      </div>
    );
  }
  if (auth.status === "signed-out") {
    return <Navigate to={authPathFor(location.pathname + location.search + location.hash)} replace />;
  }
  return <>{children}</>;
}
