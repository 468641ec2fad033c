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

/**
 * Said before a run: how many conversions the action will use of what is left, so nobody
 * is surprised by the counter going down.
 */
export function CostNote({ cost = 1, className }: { cost?: number; className?: string }) {
  const remaining = useRemainingConversions();
  const uses = `${cost} conversion${cost === 1 ? "" : "s"}`;
  return (
    <p className={cn("text-xs text-muted-foreground", className)} data-testid="cost-note">
      {remaining.status === "ready"
        ? `This uses ${uses} of your ${remaining.current} left this month.`
        : `This uses ${uses}.`}
    </p>
  );
}
