/**
 * The account menu (Profile, Settings, Help, Support, Logout) and the dialogs its items open, fetched
 * by the top bar's avatar (user-menu.tsx) when it is approached or pressed: one part, so a chosen item's
 * dialog is already here.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { HelpCircle, LifeBuoy, LogOut, Settings, User as UserIcon } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/utils";
import { useUser } from "@/lib/auth";
import { DEFAULT_DISPLAY_NAME, usePreferences } from "@/lib/preferences";
import { AvatarButton } from "./avatar-button";
import { HelpCenterDialog } from "./help-center-dialog";
import { initialOf } from "./initial";
import { LogoutDialog } from "./logout-dialog";
import { ProfileDialog } from "./profile-dialog";
import { SettingsDialog } from "./settings-dialog";
import { SupportDialog } from "./support-dialog";

type AccountDialog = "profile" | "settings" | "help" | "support" | "logout";

/**
 * The signed-in account control: the avatar, its menu (SPEC 2.9) and the five dialogs it opens.
 * `defaultOpen`: mounted by the avatar's press (see user-menu.tsx), so it opens at once; `focusFirstItem`
 * when that press was a key, so the first item has focus as Radix gives it on a keyboard opening.
 */
export function AccountMenu({
  defaultOpen = false,
  focusFirstItem = false,
}: {
  defaultOpen?: boolean;
  focusFirstItem?: boolean;
}) {
  const user = useUser();
  const { displayName } = usePreferences();
  // One value decides which dialog is open, so two can never be open together.
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const dialogRef = useRef<AccountDialog | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstRef = useRef(focusFirstItem);

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

  const email = user?.email;
  const customName = displayName !== DEFAULT_DISPLAY_NAME ? displayName : null;
  const common = (name: AccountDialog) => ({
    open: dialog === name,
    onOpenChange: openChange(name),
    onCloseAutoFocus: restoreFocus,
  });
  return (
    <>
      {/* Not modal, as the Edit with… menu: a modal menu aria-hides the page around its focusable trigger. */}
      <DropdownMenu modal={false} defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <AvatarButton ref={triggerRef} initial={initialOf(displayName, email)} />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="w-60"
          onCloseAutoFocus={restoreFocus}
          onFocus={(event) => {
            // Radix focuses the menu itself on opening, and its first item only when a key opened it
            // after Radix was listening: the key that pressed the avatar came before, so do it here.
            if (!focusFirstRef.current || event.target !== event.currentTarget) return;
            focusFirstRef.current = false;
            event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
          }}
        >
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

      <ProfileDialog {...common("profile")} onEditProfile={() => setDialog("settings")} />
      <SettingsDialog {...common("settings")} />
      <HelpCenterDialog {...common("help")} onContactSupport={() => setDialog("support")} />
      <SupportDialog {...common("support")} />
      <LogoutDialog {...common("logout")} />
    </>
  );
}
