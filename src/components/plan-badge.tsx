/** The plan a feature needs, shown on the button or link that opens it (issue 27 §1: "$5/month"). */
import type { TierId } from "@/config/tiers";
import { cn } from "@/lib/utils";

/**
 * A small pill with the plan's name, read as part of the control's name (", needs $10/month"), so what
 * a feature needs is said before it is pressed. The one badge of Convert Anything's button, its sidebar
 * entry and "Try Another Version"; shown only to someone whose plan lacks the feature (`useNeededPlan`).
 */
export function PlanBadge({ plan, className }: { plan: TierId; className?: string }) {
  return (
    <span
      data-slot="plan-badge"
      className={cn(
        "shrink-0 rounded-full border bg-background px-1.5 py-px text-xs font-semibold whitespace-nowrap text-foreground",
        className,
      )}
    >
      <span className="sr-only">, needs </span>
      {plan}
    </span>
  );
}
