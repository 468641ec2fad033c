/** The top bar's account control: Log In when signed out, else the avatar that opens the account menu. */
import { useInRouterContext, useNavigate } from "react-router-dom";
import { LogIn } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { usePreferences } from "@/lib/preferences";
import { AvatarButton, AvatarPlaceholder } from "./avatar-button";
import { initialOf } from "./initial";
import { lazyPart, usePressToLoad } from "@/components/on-demand";

// The menu (Radix DropdownMenu with its popper, focus trap and scroll lock, about 30 kB gzipped) and its
// dialogs are code nobody needs until the avatar is touched: one part of their own (user-menu.lazy.tsx),
// fetched when the pointer comes near the avatar or it gets focus, and mounted (already open) when it is
// pressed. Until then the avatar is a plain button of the same size and place, announced as a menu button.
const AccountMenu = lazyPart(() => import("./user-menu.lazy").then((m) => m.AccountMenu));

function SignedInMenu({ initial }: { initial: string }) {
  const { pressed, standInProps, reset } = usePressToLoad(AccountMenu);
  const standIn = (
    <AvatarButton initial={initial} aria-haspopup="menu" aria-expanded={false} {...standInProps} />
  );
  if (!pressed) return standIn;
  // A key press opens the menu with its first item focused, as Radix does.
  return <AccountMenu fallback={standIn} onFailed={reset} defaultOpen focusFirstItem={pressed === "key"} />;
}

function RoutedUserMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { displayName } = usePreferences();

  if (auth.status === "signed-out") {
    return (
      <Button size="sm" onClick={() => navigate(paths.auth)}>
        <LogIn aria-hidden="true" className="size-4" />
        Log In
      </Button>
    );
  }
  if (auth.status === "loading") return <AvatarPlaceholder />;
  return <SignedInMenu initial={initialOf(displayName, auth.user.email)} />;
}

/** The account control of the top bar; outside a router it is a plain avatar (SPEC 2.9). */
export function UserMenu() {
  const inRouter = useInRouterContext();
  return inRouter ? <RoutedUserMenu /> : <AvatarButton />;
}
