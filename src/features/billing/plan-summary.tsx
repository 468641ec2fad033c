/**
 * The plans at a glance, above the cards where they stack (a phone, a narrow window): every plan's
 * name, price and monthly conversions in one small grid, so each price is seen without scrolling past
 * tall cards. Each entry takes the visitor to its card.
 */
import { usePrefersReducedMotion } from "@/hooks/use-reduced-motion";
import type { Tier, TierId } from "@/config/tiers";
import { cn } from "@/lib/utils";
import { RECOMMENDED_TIER, shortPrice } from "./plans";

/** The id of a plan's card, which the summary scrolls to. */
export function planCardId(tier: Tier): string {
  return `plan-${tier.name.toLowerCase()}`;
}

export function PlanSummary({
  tiers,
  current,
  className,
}: {
  tiers: readonly Tier[];
  current: TierId | undefined;
  className?: string;
}) {
  const reducedMotion = usePrefersReducedMotion();

  function show(tier: Tier) {
    const card = document.getElementById(planCardId(tier));
    if (!card) return;
    card.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    // Focus follows the eye: the card's heading, without a second jump.
    card.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  }

  return (
    <nav aria-label="Plans at a glance" className={className}>
      <ul className="grid grid-cols-2 gap-2">
        {tiers.map((tier) => {
          const isCurrent = tier.id === current;
          const recommended = tier.id === RECOMMENDED_TIER;
          return (
            <li key={tier.id}>
              <button
                type="button"
                onClick={() => show(tier)}
                className={cn(
                  "grid h-full w-full gap-0.5 rounded-lg border bg-card px-3 py-2 text-left text-sm transition-colors outline-none hover:border-primary/60 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  recommended && "border-primary ring-1 ring-primary",
                )}
              >
                <span className="flex flex-wrap items-center justify-between gap-x-1 font-medium">
                  {tier.name}
                  {(isCurrent || recommended) && (
                    <span className="text-xs font-medium text-primary">
                      {isCurrent ? "Current" : "Recommended"}
                    </span>
                  )}
                </span>
                <span className="text-lg font-bold tracking-tight">{shortPrice(tier)}</span>
                <span className="text-xs text-muted-foreground">{tier.limit} converts a month</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
