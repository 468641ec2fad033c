/**
 * "Usage Limit Reached" on a tool page with no conversions left (SPEC 4.4's texts): when the count
 * renews and the way to more. The page itself, its last result and My Creations stay. Fetched by the
 * tool frame (tool-page.tsx) when no conversions are left: a page with some left never needs it.
 */
import { Link, useLocation } from "react-router-dom";
import { CalendarClock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { getTier, type TierId } from "@/config/tiers";
import type { GateReturnState } from "@/lib/creations";
import { formatRenewal } from "@/lib/usage";

export const LIMIT_NOTICE_TITLE = "Usage Limit Reached";

/** The notice: the plan's monthly conversions are used, when they renew, "Upgrade Now" (/pricing). */
export function LimitNotice({ tier, now }: { tier: TierId; now?: Date }) {
  const plan = getTier(tier);
  const location = useLocation();
  // Paying from here comes back to this page (lib/creations/gate-task.ts).
  const state: GateReturnState = { returnTo: { path: location.pathname + location.search } };
  return (
    <section
      aria-labelledby="limit-notice-title"
      data-testid="limit-notice"
      className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-card p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <CalendarClock aria-hidden="true" className="size-5" />
        </div>
        <div className="space-y-1">
          <h2 id="limit-notice-title" className="font-semibold">
            {LIMIT_NOTICE_TITLE}
          </h2>
          <p className="text-sm text-muted-foreground">
            You've used all {plan.limit} conversions of your {plan.name} plan this month. They renew on{" "}
            <span className="font-medium text-foreground">{formatRenewal(now)}</span>. Your results stay here
            and in{" "}
            <Link to={paths.creations} className="font-medium text-primary underline underline-offset-2">
              My Creations
            </Link>
            .
          </p>
        </div>
      </div>
      <Button asChild className="shrink-0 self-start sm:self-auto">
        <Link to={paths.pricing} state={state}>
          Upgrade Now
        </Link>
      </Button>
    </section>
  );
}
