/**
 * The Pricing page: the four plans (at a glance first where the cards stack), the recommended paid plan
 * put forward, the signed-in user's current one marked, and the way to choose another.
 */
import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { ArrowLeft, Check, LifeBuoy, Loader2, Minus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { DEFAULT_TIER, getTier, tierAtLeast, TIERS, type Tier, type TierId } from "@/config/tiers";
import { authPathFor } from "@/lib/auth-redirect";
import { useAuth, useUser } from "@/lib/auth";
import { backToTask, gateReturnOf, type GateReturn } from "@/lib/creations";
import { useSubscriptionTier } from "@/lib/subscription";
import { cn } from "@/lib/utils";
import { useSwitchToFreemium } from "./api";
import { planCardId, PlanSummary } from "./plan-summary";
import { convertsLine, formatPrice, PLAN_FEATURES, paymentStateFor, RECOMMENDED_TIER } from "./plans";

export const FREEMIUM_SWITCHED = "You're on the Freemium plan now.";
export const FREEMIUM_SWITCH_FAILED = "Could not switch to Freemium. Please try again.";

type PlanCardProps = {
  tier: Tier;
  current: boolean;
  /** This plan's change is on its way to the server. */
  busy: boolean;
  onChoose: (tier: Tier) => void;
};

/** What a plan's button says: its action, or that it is the plan the user is on. */
function chooseLabel(tier: Tier, current: boolean): string {
  if (current) return "Your plan";
  return tier.id === DEFAULT_TIER ? "Get Started" : "Subscribe";
}

function PlanCard({ tier, current, busy, onChoose }: PlanCardProps) {
  const titleId = useId();
  const recommended = tier.id === RECOMMENDED_TIER;
  return (
    <li aria-labelledby={titleId} id={planCardId(tier)} className="flex scroll-mt-20">
      <Card
        className={cn(
          "relative w-full gap-5",
          recommended && "border-primary shadow-md ring-2 ring-primary",
          current && !recommended && "border-primary/60 bg-primary/5",
        )}
      >
        {(current || recommended) && (
          // On the card's top edge, so a badge never pushes one card's price below the others'.
          <div className="absolute -top-3 left-1/2 flex -translate-x-1/2 gap-1.5 whitespace-nowrap">
            {current && <Badge className="shadow-sm">Current Plan</Badge>}
            {recommended && (
              <Badge variant="outline" className="border-primary bg-background text-primary shadow-sm">
                Recommended
              </Badge>
            )}
          </div>
        )}
        <CardHeader className="gap-2">
          <CardTitle>
            <h2 id={titleId} tabIndex={-1} className="text-xl font-semibold outline-none">
              {tier.name}
            </h2>
          </CardTitle>
          <p className="flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight">{formatPrice(tier.price)}</span>
            {tier.price > 0 && <span className="text-sm text-muted-foreground">/month</span>}
          </p>
          <CardDescription className="font-medium text-foreground">{convertsLine(tier)}</CardDescription>
        </CardHeader>
        <CardContent className="flex-1">
          <ul className="grid gap-2 text-sm" aria-label={`${tier.name} features`}>
            {PLAN_FEATURES.map((feature) => {
              const included = !feature.from || tierAtLeast(tier.id, feature.from);
              return (
                <li
                  key={feature.label}
                  className={cn("flex items-start gap-2", !included && "text-muted-foreground")}
                >
                  {included ? (
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  ) : (
                    <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  )}
                  <span>
                    {feature.label}
                    {!included && feature.from && (
                      <span className="text-xs"> ({getTier(feature.from).name} and up)</span>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </CardContent>
        <CardFooter>
          <Button
            className="w-full"
            variant={recommended && !current ? "default" : "outline"}
            disabled={current || busy}
            aria-busy={busy || undefined}
            aria-describedby={titleId}
            onClick={() => onChoose(tier)}
          >
            {busy && <Loader2 aria-hidden="true" className="animate-spin" />}
            {chooseLabel(tier, current)}
          </Button>
        </CardFooter>
      </Card>
    </li>
  );
}

/** What of the task waits on the tool, in the person's terms. */
function keptTaskLine({ incoming, photos = 1, words, options }: GateReturn): string {
  const choices = Boolean(options && Object.keys(options).length > 0);
  const kept = incoming ? (photos > 1 ? `Your ${photos} photos` : "Your photo") : null;
  if (kept && words) return `${kept} and your words are kept`;
  if (kept && choices) return `${kept} and your choices are kept`;
  if (kept) return `${kept} ${photos > 1 ? "are" : "is"} kept`;
  if (words) return "Your words are kept";
  return choices ? "Your choices are kept" : "Nothing is lost";
}

/** Sent here by a gate: what waits on the tool, and the way back to it without paying. */
function KeptTaskNote({ returnTo }: { returnTo: GateReturn }) {
  const back = backToTask(returnTo);
  const kept = keptTaskLine(returnTo);
  return (
    <aside className="mx-auto flex w-full max-w-2xl flex-col gap-3 rounded-lg border border-primary/40 bg-card p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p>
        <span className="font-medium">{kept}.</span>{" "}
        <span className="text-muted-foreground">After paying you go straight back to where you were.</span>
      </p>
      <Button asChild variant="outline" size="sm" className="shrink-0 self-start sm:self-auto">
        <Link to={back.path} state={back.state}>
          <ArrowLeft aria-hidden="true" />
          Go back
        </Link>
      </Button>
    </aside>
  );
}

/** The four plans (SPEC 2.7, 4.5): choose one to start free or go to the simulated payment. */
export function PricingPage() {
  const auth = useAuth();
  const user = useUser();
  const tier = useSubscriptionTier();
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here by a gate: paying brings the person back to that tool with what they had started.
  const returnTo = gateReturnOf(location.state);
  const toFreemium = useSwitchToFreemium();
  // A second click before React re-renders the disabled button must not send twice.
  const switching = useRef(false);
  const signedIn = auth.status === "signed-in";
  const loading = auth.status === "loading" || (signedIn && tier.isPending);
  // A failed lookup only costs the "Current Plan" badge: the plans can still be chosen.
  const currentTier: TierId | undefined = signedIn ? tier.data : undefined;

  useEffect(() => {
    if (tier.isError) console.error("Could not load the current plan", tier.error);
  }, [tier.isError, tier.error]);

  function choose(chosen: Tier) {
    if (!signedIn) {
      navigate(authPathFor(paths.pricing));
      return;
    }
    if (chosen.id === currentTier) return;
    if (chosen.id === DEFAULT_TIER) {
      void switchToFreemium();
      return;
    }
    navigate(paths.payment, { state: paymentStateFor(chosen, returnTo) });
  }

  /** Choosing Freemium goes to / (SPEC 4.5), after the server has moved a paying user back to it. */
  async function switchToFreemium() {
    if (!user || switching.current) return;
    switching.current = true;
    try {
      await toFreemium.mutateAsync({ userId: user.id });
      if (currentTier && currentTier !== DEFAULT_TIER) toast.success(FREEMIUM_SWITCHED);
      navigate(paths.home);
    } catch (error) {
      console.error("Could not switch to Freemium", error);
      toast.error(FREEMIUM_SWITCH_FAILED);
    } finally {
      switching.current = false;
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6">
      <header className="mx-auto max-w-2xl space-y-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Pricing</h1>
        <p className="text-muted-foreground">
          Every plan opens every style tool. Pick how many conversions you need each month; the count starts
          again on the 1st.
        </p>
      </header>

      {returnTo && <KeptTaskNote returnTo={returnTo} />}

      {/* Columns follow the room the page really has (the sidebar takes some of the window). While the
          plan loads, the cards hold their place unseen under the spinner, so nothing below them jumps
          when they appear. */}
      <div className="relative @container">
        {!loading && (
          // Where the cards stack, every price first; where they stand side by side, the cards say it.
          <PlanSummary tiers={TIERS} current={currentTier} className="mb-6 @4xl:hidden" />
        )}
        <ul
          aria-label={loading ? undefined : "Plans"}
          aria-hidden={loading || undefined}
          inert={loading}
          className={cn(
            "grid grid-cols-1 gap-x-4 gap-y-8 pt-3 @xl:grid-cols-2 @4xl:grid-cols-4",
            loading && "invisible",
          )}
        >
          {TIERS.map((t) => (
            <PlanCard
              key={t.id}
              tier={t}
              current={!loading && t.id === currentTier}
              busy={t.id === DEFAULT_TIER && toFreemium.isPending}
              onChoose={choose}
            />
          ))}
        </ul>
        {loading && (
          <div className="absolute inset-x-0 top-0 flex min-h-[40vh] items-center justify-center">
            <Spinner label="Loading your plan" className="size-8 text-primary" />
          </div>
        )}
      </div>

      <aside className="mx-auto flex max-w-2xl items-start gap-3 rounded-lg border bg-card p-4 text-sm">
        <LifeBuoy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>
          <span className="font-medium">Enterprise or custom needs?</span>{" "}
          <span className="text-muted-foreground">
            More conversions or something tailored to your team: contact our support team with Support in the
            account menu, or find answers in the{" "}
            <Link to={paths.help} className="font-medium text-primary underline underline-offset-2">
              Help Center
            </Link>
            . Payment here is a demo: no card is ever charged.
          </span>
        </p>
      </aside>
    </div>
  );
}
