/**
 * "Results: 1 2 3 4" (issue 28 §1): how many results the next run of an image tool makes. A segmented
 * control of native radios (one tab stop, the arrow keys move the choice, as a radio group does), so it
 * costs a page no script of its own. More than one is the "multiple versions" feature: a plan without it
 * sees 2 to 4 off, the plan they need (the plan badge of Convert Anything and Try Another Version) and
 * the gate's message.
 */
import { useId } from "react";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";
import { gateMessage, hasFeature } from "@/config/tiers";
import { PlanBadge } from "@/components/plan-badge";
import { useNeededPlan } from "@/hooks/use-needed-plan";
import { MAX_RESULTS, type ToolResults } from "@/hooks/use-tool-results";
import { useSubscriptionTier } from "@/lib/subscription";
import { cn } from "@/lib/utils";

const COUNTS = Array.from({ length: MAX_RESULTS }, (_, i) => i + 1);

export function ResultsPicker({
  results,
  disabled,
  className,
}: {
  results: Pick<ToolResults<unknown>, "count" | "setCount">;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const tier = useSubscriptionTier().data;
  const allowed = tier ? hasFeature(tier, "multipleVersions") : false;
  // A plan without the feature (or one lost meanwhile) makes one.
  const value = allowed ? results.count : 1;
  const needs = useNeededPlan("multipleVersions");
  const gated = needs !== null;
  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-1.5", className)}>
      <span id={`${id}-label`} className="text-sm font-medium">
        Results
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={gated ? `${id}-gate` : undefined}
        className="inline-flex rounded-lg border bg-muted p-0.5"
      >
        {COUNTS.map((n) => (
          <label key={n} className="relative">
            <input
              type="radio"
              name={`${id}-results`}
              value={n}
              checked={value === n}
              onChange={() => results.setCount(n)}
              disabled={disabled || (n > 1 && !allowed)}
              className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
            />
            <span className="flex h-8 min-w-10 items-center justify-center rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors peer-checked:bg-primary peer-checked:text-primary-foreground peer-checked:shadow-sm peer-hover:text-foreground peer-checked:peer-hover:text-primary-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 peer-disabled:opacity-50">
              {n}
            </span>
          </label>
        ))}
      </div>
      {gated && (
        <p id={`${id}-gate`} className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <span className="sr-only">More than one result</span>
          <PlanBadge plan={needs} />
          {gateMessage("multipleVersions")}.
          <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-2">
            See plans
          </Link>
        </p>
      )}
    </div>
  );
}
