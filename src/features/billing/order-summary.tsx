/** The payment page's order summary: the plan, its conversions and the monthly total. */
import { Link } from "react-router-dom";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import type { Tier } from "@/config/tiers";
import { convertsLine, formatPrice } from "./plans";

export function OrderSummary({ plan }: { plan: Tier }) {
  const price = formatPrice(plan.price);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg font-semibold">Order summary</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <dl className="grid gap-3">
          <div className="flex items-start justify-between gap-4">
            <dt className="text-muted-foreground">Plan</dt>
            <dd className="text-right font-medium">
              {plan.name} <span className="text-muted-foreground">({plan.id})</span>
            </dd>
          </div>
          <div className="flex items-start justify-between gap-4">
            <dt className="text-muted-foreground">Conversions</dt>
            <dd className="text-right">{convertsLine(plan)}</dd>
          </div>
          {/* A dl holds only dt/dd groups: the rule above Total is this group's border. */}
          <div className="flex items-baseline justify-between gap-4 border-t pt-3 text-base">
            <dt className="font-medium">Total</dt>
            <dd className="font-semibold">{price} per month</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        <Button variant="link" asChild className="h-auto px-0">
          <Link to={paths.pricing}>
            <ArrowLeft aria-hidden="true" />
            Choose another plan
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
