import { lazy, Suspense, useEffect } from "react";
import { useInRouterContext, useNavigate } from "react-router-dom";
import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { usePreferences } from "@/lib/preferences";
import { AvatarButton, AvatarPlaceholder } from "./avatar-button";
import { initialOf } from "./initial";
import { LazyBoundary } from "./lazy-boundary";

// The menu and its dialogs are code a signed-out visitor never needs: a chunk of their own, fetched as
// soon as a session is likely (a stored one) and shown when the session is confirmed.
const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

function RoutedUserMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { displayName } = usePreferences();
  const signedOut = auth.status === "signed-out";

  useEffect(() => {
    if (!signedOut) void loadAccountMenu().catch(() => {});
  }, [signedOut]);

  if (signedOut) {
    return (
      <Button size="sm" onClick={() => navigate(paths.auth)}>
        <LogIn aria-hidden="true" className="size-4" />
        Log In
      </Button>
    );
  }
  if (auth.status === "loading") return <AvatarPlaceholder />;

  const placeholder = <AvatarPlaceholder initial={initialOf(displayName, auth.user.email)} />;
  return (
    <LazyBoundary fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <AccountMenu />
      </Suspense>
    </LazyBoundary>
  );
}

/** The account control of the top bar; outside a router it is a plain avatar (SPEC 2.9). */
export function UserMenu() {
  const inRouter = useInRouterContext();
  return inRouter ? <RoutedUserMenu /> : <AvatarButton />;
}
