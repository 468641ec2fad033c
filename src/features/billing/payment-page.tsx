/**
 * The payment page: the plan chosen on the pricing page, its order summary next to the card form, or
 * a note when the visitor is already on that plan.
 */
import { Link, Navigate, useLocation } from "react-router-dom";
import { Info } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import type { Tier } from "@/config/tiers";
import { useSubscriptionTier } from "@/lib/subscription";
import { useCompletePayment } from "./api";
import { OrderSummary } from "./order-summary";
import { PaymentForm } from "./payment-form";
import { formatPrice, planFromPaymentState } from "./plans";

/**
 * Simulated payment for the plan chosen on the pricing page (SPEC 2.8, 4.5). Without a plan in the
 * navigation state (typed URL, reload in a new tab) the visitor goes back to choose one.
 */
export function PaymentPage() {
  const location = useLocation();
  const plan = planFromPaymentState(location.state);
  if (!plan) return <Navigate to={paths.pricing} replace />;
  return <Payment plan={plan} />;
}

/** Shown instead of the form when the visitor is already on this plan (say, paid in another tab). */
function AlreadyOnPlan({ plan }: { plan: Tier }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">You're already on {plan.name}</h2>
        </CardTitle>
        <CardDescription>
          Your {plan.name} plan is active, so there is nothing to pay. Pick another plan if you want to
          change.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild>
          <Link to={paths.pricing}>Back to Pricing</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function Payment({ plan }: { plan: Tier }) {
  const tier = useSubscriptionTier();
  const payment = useCompletePayment();
  // Once this page's own payment has started, the new tier must not swap the form away.
  const alreadyOnPlan = payment.isIdle && tier.data === plan.id;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Complete Payment</h1>
        <p className="text-muted-foreground">
          Subscribe to {plan.name} for {formatPrice(plan.price)} per month.
        </p>
      </header>
      <Alert>
        <Info aria-hidden="true" />
        <AlertDescription>
          <p>
            <span className="font-medium text-foreground">This is a demo.</span> No real payment is made and
            no card is charged. Try the test card 4242 4242 4242 4242 with any future expiry and any 3-digit
            CVC.
          </p>
        </AlertDescription>
      </Alert>
      <div className="grid items-start gap-6 md:grid-cols-5">
        <div className="md:order-2 md:col-span-2">
          <OrderSummary plan={plan} />
        </div>
        <div className="md:order-1 md:col-span-3">
          {alreadyOnPlan ? <AlreadyOnPlan plan={plan} /> : <PaymentForm plan={plan} payment={payment} />}
        </div>
      </div>
    </div>
  );
}
