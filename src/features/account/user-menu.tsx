import { useCallback, useEffect, useRef, useState } from "react";
import { useInRouterContext, useNavigate } from "react-router-dom";
import { HelpCircle, LifeBuoy, LogIn, LogOut, Settings, User as UserIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";
import { useAuth } from "@/lib/auth";
import { DEFAULT_DISPLAY_NAME, usePreferences } from "@/lib/preferences";
import { HelpCenterDialog } from "./help-center-dialog";
import { initialOf } from "./initial";
import { LogoutDialog } from "./logout-dialog";
import { ProfileDialog } from "./profile-dialog";
import { SettingsDialog } from "./settings-dialog";
import { SupportDialog } from "./support-dialog";

type AccountDialog = "profile" | "settings" | "help" | "support" | "logout";

function AvatarButton({ initial, ...props }: { initial?: string } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu" {...props}>
      <Avatar className="size-8">
        <AvatarFallback className="bg-primary font-medium text-primary-foreground">
          {initial ?? <UserIcon aria-hidden="true" className="size-4" />}
        </AvatarFallback>
      </Avatar>
    </Button>
  );
}

function RoutedUserMenu() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { displayName } = usePreferences();
  // One value decides which dialog is open, so two can never be open together.
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const dialogRef = useRef<AccountDialog | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dialogRef.current = dialog;
  }, [dialog]);

  // Radix moves focus after a menu or dialog has closed (on the next tick): back to the avatar, unless
  // a dialog is open by then (a menu item, or Edit Profile / Contact Support inside another dialog).
  const restoreFocus = useCallback((event: Event) => {
    event.preventDefault();
    if (dialogRef.current === null) triggerRef.current?.focus();
  }, []);

  const openChange = (name: AccountDialog) => (open: boolean) =>
    setDialog((current) => (open ? name : current === name ? null : current));

  if (auth.status !== "signed-in") {
    return (
      <Button size="sm" onClick={() => navigate(paths.auth)} disabled={auth.status === "loading"}>
        <LogIn aria-hidden="true" className="size-4" />
        Log In
      </Button>
    );
  }

  const email = auth.user.email;
  const customName = displayName !== DEFAULT_DISPLAY_NAME ? displayName : null;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <AvatarButton ref={triggerRef} initial={initialOf(displayName, email)} />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60" onCloseAutoFocus={restoreFocus}>
          <DropdownMenuLabel className="font-normal">
            <span className="block text-xs text-muted-foreground">Signed in as</span>
            {customName && <span className="block font-medium break-words">{customName}</span>}
            <span className={cn("block break-all", customName ? "text-muted-foreground" : "font-medium")}>
              {email || "No email available"}
            </span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setDialog("profile")}>
            <UserIcon aria-hidden="true" />
            My Profile
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("settings")}>
            <Settings aria-hidden="true" />
            Settings
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("help")}>
            <HelpCircle aria-hidden="true" />
            Help
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog("support")}>
            <LifeBuoy aria-hidden="true" />
            Support
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog("logout")}>
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <ProfileDialog
        open={dialog === "profile"}
        onOpenChange={openChange("profile")}
        onCloseAutoFocus={restoreFocus}
        onEditProfile={() => setDialog("settings")}
      />
      <SettingsDialog
        open={dialog === "settings"}
        onOpenChange={openChange("settings")}
        onCloseAutoFocus={restoreFocus}
      />
      <HelpCenterDialog
        open={dialog === "help"}
        onOpenChange={openChange("help")}
        onCloseAutoFocus={restoreFocus}
        onContactSupport={() => setDialog("support")}
      />
      <SupportDialog
        open={dialog === "support"}
        onOpenChange={openChange("support")}
        onCloseAutoFocus={restoreFocus}
      />
      <LogoutDialog
        open={dialog === "logout"}
        onOpenChange={openChange("logout")}
        onCloseAutoFocus={restoreFocus}
      />
    </>
  );
}

/** The account control of the top bar; outside a router it is a plain avatar (SPEC 2.9). */
export function UserMenu() {
  const inRouter = useInRouterContext();
  return inRouter ? <RoutedUserMenu /> : <AvatarButton />;
}
