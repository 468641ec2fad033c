/** The tier gate's blocked page: login required, usage limit reached, or the plan could not be checked. */
import { Link } from "react-router-dom";
import { CloudOff, Lock, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { authPathFor } from "@/lib/auth-redirect";
import type { BlockedState } from "./tier-gate";

/** What is missing and the way to it (SPEC 4.4); `here` is where "Log In" brings the visitor back. */
export function TierGateBlocked({ state, here }: { state: BlockedState; here: string }) {
  const content = {
    "login-required": {
      icon: <Lock aria-hidden="true" className="size-6" />,
      title: "Login Required",
      text: "Please log in to access features.",
      action: (
        <Button asChild>
          <Link to={authPathFor(here)}>Log In</Link>
        </Button>
      ),
    },
    "limit-reached": {
      icon: <Sparkles aria-hidden="true" className="size-6" />,
      title: "Usage Limit Reached",
      text: "You've used all your conversions for this month. Upgrade your plan for more, or come back next month.",
      action: (
        <Button asChild>
          <Link to={paths.pricing}>Upgrade Now</Link>
        </Button>
      ),
    },
    error: {
      icon: <CloudOff aria-hidden="true" className="size-6" />,
      title: "We couldn't check your plan",
      text: "Check your internet connection and try again. Nothing was used from your conversions.",
      action: <Button onClick={state.kind === "error" ? state.retry : undefined}>Try again</Button>,
    },
  }[state.kind];

  return (
    <div className="flex min-h-[50vh] items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            {content.icon}
          </div>
          {/* It stands for the whole tool page, so its title is the page's heading. */}
          <CardTitle>
            <h1 className="text-xl font-semibold">{content.title}</h1>
          </CardTitle>
          <CardDescription>{content.text}</CardDescription>
        </CardHeader>
        <CardContent />
        <CardFooter className="justify-center">{content.action}</CardFooter>
      </Card>
    </div>
  );
}
