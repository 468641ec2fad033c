/** "Remaining conversions" beside a tool's heading, and the cost note under its button. */
import { Gauge } from "lucide-react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { useRemainingConversions } from "@/hooks/use-remaining";
import { cn } from "@/lib/utils";

/** "Remaining conversions: N / limit" (SPEC 2.3), live across tabs. */
export function RemainingCounter({ className }: { className?: string }) {
  const remaining = useRemainingConversions();
  if (remaining.status !== "ready") return null;
  const empty = remaining.current === 0;
  return (
    <p
      className={cn(
        "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm",
        empty ? "border-destructive/40 text-destructive" : "bg-card",
        className,
      )}
    >
      <Gauge aria-hidden="true" className="size-4" />
      <span data-testid="remaining-counter">
        Remaining conversions: {remaining.current} / {remaining.limit}
      </span>
      {empty && (
        <Link to={paths.pricing} className="font-medium underline underline-offset-2">
          Upgrade
        </Link>
      )}
    </p>
  );
}

/** "1 conversion", "2 conversions". */
export function conversions(count: number): string {
  return `${count} conversion${count === 1 ? "" : "s"}`;
}

/**
 * What an action will use, in the one sentence every tool says it with: "This uses 2 conversions of
 * your 18 left this month." (or "This uses 2 conversions." while the count is not known yet).
 */
export function costText(cost: number, left: number | null): string {
  if (left === null) return `This uses ${conversions(cost)}.`;
  // Not "of your 0 left": a task kept at a gate waits on its page with nothing left to run it with.
  if (left === 0) return `This uses ${conversions(cost)}. You have none left this month.`;
  if (left < cost) return `This uses ${conversions(cost)}. You have ${left} left this month.`;
  return `This uses ${conversions(cost)} of your ${left} left this month.`;
}

/**
 * Said before a run, next to the button that spends: how many conversions the action will use of what
 * is left, so nobody is surprised by the counter going down. With an `id`, its button can name it as
 * its description (aria-describedby).
 */
export function CostNote({ cost = 1, className, id }: { cost?: number; className?: string; id?: string }) {
  const remaining = useRemainingConversions();
  return (
    <p id={id} className={cn("text-xs text-muted-foreground", className)} data-testid="cost-note">
      {costText(cost, remaining.status === "ready" ? remaining.current : null)}
    </p>
  );
}
