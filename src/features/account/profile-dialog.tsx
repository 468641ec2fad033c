/** The Profile dialog: the account's email, the month it was made and its plan. */
import { useNavigate } from "react-router-dom";
import { CalendarDays, Mail, Sparkles } from "lucide-react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { getTier, TIERS, type TierId } from "@/config/tiers";
import { useUser } from "@/lib/auth";
import { DEFAULT_DISPLAY_NAME, usePreferences } from "@/lib/preferences";
import { useSubscriptionTier } from "@/lib/subscription";
import type { AccountDialogProps } from "./dialog-props";
import { initialOf } from "./initial";

/** "Member since November 2026" from the account's creation time; null when it is unknown. */
export function memberSinceText(createdAt: string | undefined): string | null {
  if (!createdAt) return null;
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return null;
  const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(date);
  return `Member since ${month}`;
}

/** The displayed plan: "Freemium", or the name with its price, e.g. "Standard ($10/month)". */
export function planLabel(tierId: TierId): string {
  const tier = getTier(tierId);
  return tier.price === 0 ? tier.name : `${tier.name} (${tier.id})`;
}

/** The top plan has nothing to upgrade to. */
export function hasUpgrade(tierId: TierId): boolean {
  return tierId !== TIERS[TIERS.length - 1]!.id;
}

function CurrentPlan({ onToPricing }: { onToPricing: () => void }) {
  const tier = useSubscriptionTier();
  // Known to be on the top plan: the plans can still be seen, but no upgrade is offered.
  const top = tier.isSuccess && !hasUpgrade(tier.data);
  return (
    <section aria-labelledby="profile-plan-heading" className="rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id="profile-plan-heading" className="text-xs font-medium text-muted-foreground uppercase">
            Current plan
          </h3>
          {tier.isPending ? (
            <div role="status" aria-label="Loading your plan" className="mt-1.5 grid gap-1.5">
              <Skeleton className="h-5 w-36" />
              <Skeleton className="h-4 w-28" />
            </div>
          ) : tier.isError ? (
            <p className="mt-1 text-sm text-muted-foreground">Your plan could not be loaded right now.</p>
          ) : (
            <>
              <p className="mt-1 font-semibold">{planLabel(tier.data)}</p>
              <p className="text-sm text-muted-foreground">
                {getTier(tier.data).limit} conversions per month
              </p>
            </>
          )}
        </div>
        {top ? (
          <Button size="sm" variant="outline" onClick={onToPricing}>
            View plans
          </Button>
        ) : (
          <Button size="sm" onClick={onToPricing}>
            <Sparkles aria-hidden="true" />
            Upgrade Plan
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * "My Profile" (SPEC 2.9): the name when one is chosen, email, member since, the real plan, Upgrade Plan
 * (View plans on the top plan, which has no upgrade), Close and Edit Profile.
 */
export function ProfileDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  onEditProfile,
}: AccountDialogProps & { onEditProfile: () => void }) {
  const user = useUser();
  const { displayName } = usePreferences();
  const navigate = useNavigate();
  const email = user?.email || null;
  const memberSince = memberSinceText(user?.created_at);
  // No name chosen yet: the placeholder "User" is no name; the dialog offers to add one instead.
  const named = displayName !== DEFAULT_DISPLAY_NAME;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>My Profile</DialogTitle>
          <DialogDescription>Your account details and current plan.</DialogDescription>
        </DialogHeader>

        <div className="flex items-center gap-4">
          <Avatar className="size-12 text-xl sm:size-16 sm:text-2xl">
            <AvatarFallback className="bg-primary font-semibold text-primary-foreground">
              {initialOf(displayName, email)}
            </AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 gap-1">
            {named ? (
              <p className="truncate text-base font-semibold">{displayName}</p>
            ) : (
              <p className="text-sm text-muted-foreground">
                No name yet.{" "}
                <Button variant="link" className="h-auto p-0 text-sm" onClick={onEditProfile}>
                  Add your name
                </Button>
              </p>
            )}
            <p className="flex min-w-0 items-start gap-1.5 text-sm text-muted-foreground">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 break-all">{email ?? "No email available"}</span>
            </p>
            {memberSince && (
              <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
                <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {memberSince}
              </p>
            )}
          </div>
        </div>

        <CurrentPlan
          onToPricing={() => {
            onOpenChange(false);
            navigate(paths.pricing);
          }}
        />

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={onEditProfile}>Edit Profile</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
