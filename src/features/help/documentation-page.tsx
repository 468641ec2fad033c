/** The Documentation page: features, subscription tiers, getting started, and the way to more help. */
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { ArrowRight, BookOpen, CreditCard, LifeBuoy, Rocket, Sparkles, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { BRAND_NAME } from "@/config/brand";
import { paths } from "@/config/paths";
import {
  customNeedsNote,
  gettingStartedSteps,
  otherToolFeatures,
  planNotes,
  planSummaries,
  styleFeatures,
} from "./content";
import { FeatureGrid } from "./feature-grid";

const SECTIONS = [
  { id: "features", title: "Features", icon: Sparkles },
  { id: "subscription-tiers", title: "Subscription Tiers", icon: CreditCard },
  { id: "getting-started", title: "Getting Started", icon: Rocket },
] as const satisfies readonly { id: string; title: string; icon: LucideIcon }[];

type Section = (typeof SECTIONS)[number];

function SectionHeading({ section }: { section: Section }) {
  const Icon = section.icon;
  return (
    <h2
      id={`${section.id}-heading`}
      className="flex items-center gap-2 border-b pb-2 text-2xl font-semibold tracking-tight"
    >
      <Icon aria-hidden="true" className="size-6 text-primary" />
      {section.title}
    </h2>
  );
}

/** Documentation (SPEC 2.18): Features, Subscription Tiers, Getting Started, and the way to more help. */
export function DocumentationPage() {
  const { hash } = useLocation();
  // A link from another page (/documentation#getting-started) lands on its section.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight sm:text-4xl">
          <BookOpen aria-hidden="true" className="size-7 text-primary sm:size-8" />
          Documentation
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          What {BRAND_NAME} can do, what each plan includes, and how to restyle your first photo.
        </p>
      </header>

      <div className="mt-6 grid gap-8 lg:grid-cols-[11rem_minmax(0,1fr)]">
        <nav
          aria-label="On this page"
          className="self-start rounded-xl border bg-muted/40 p-4 text-sm lg:sticky lg:top-20 lg:border-0 lg:bg-transparent lg:p-0"
        >
          <p className="mb-2 font-semibold">On this page</p>
          <ol className="flex flex-wrap gap-x-4 gap-y-1 lg:flex-col lg:gap-2">
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="rounded-sm text-muted-foreground underline-offset-2 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="min-w-0 space-y-12">
          <FeaturesSection />
          <TiersSection />
          <GettingStartedSection />
          <MoreHelp />
        </div>
      </div>
    </div>
  );
}

function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-20 space-y-6">
      <SectionHeading section={SECTIONS[0]} />
      <p className="text-muted-foreground">
        Every tool works on your own photo and needs a free account. Pick one here or in the sidebar.
      </p>
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">Style tools</h3>
        <p className="text-sm text-muted-foreground">
          Upload a photo and it is restyled straight away. Compare it with the original, then download it as a
          PNG.
        </p>
        <FeatureGrid features={styleFeatures()} titleAs="h4" showDownloadName className="lg:grid-cols-2" />
      </div>
      <div className="space-y-3">
        <h3 className="text-lg font-semibold">More tools</h3>
        <FeatureGrid features={otherToolFeatures()} titleAs="h4" className="lg:grid-cols-2" />
      </div>
    </section>
  );
}

function TiersSection() {
  const plans = planSummaries();
  return (
    <section
      id="subscription-tiers"
      aria-labelledby="subscription-tiers-heading"
      className="scroll-mt-20 space-y-6"
    >
      <SectionHeading section={SECTIONS[1]} />
      <ul className="divide-y rounded-xl border bg-card text-card-foreground">
        {plans.map((plan) => (
          <li key={plan.id} className="space-y-2 p-4 sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <div className="flex items-baseline gap-2">
                <h3 className="text-lg font-semibold">{plan.name}</h3>
                <span className="text-muted-foreground">{plan.priceLabel}</span>
              </div>
              <p className="rounded-full bg-accent px-2.5 py-0.5 text-sm font-medium text-accent-foreground">
                {plan.conversionsLabel}
              </p>
            </div>
            <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
              {plan.unlocks.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {planNotes().map((note) => (
          <li key={note}>{note}</li>
        ))}
        <li>{customNeedsNote()}</li>
      </ul>
    </section>
  );
}

function GettingStartedSection() {
  return (
    <section
      id="getting-started"
      aria-labelledby="getting-started-heading"
      className="scroll-mt-20 space-y-6"
    >
      <SectionHeading section={SECTIONS[2]} />
      <ol aria-label="Getting started steps" className="space-y-4">
        {gettingStartedSteps().map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
            >
              {index + 1}
            </span>
            <div className="space-y-1 pt-1">
              <h3 className="font-semibold">{step.title}</h3>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function MoreHelp() {
  return (
    <aside
      aria-label="More help"
      className="flex flex-col gap-4 rounded-xl border bg-accent/50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1">
        <p className="font-semibold">Still have questions?</p>
        <p className="text-sm text-muted-foreground">
          The Help Center answers the common ones; Pricing shows every plan.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.help}>
            <LifeBuoy aria-hidden="true" />
            Help Center
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.pricing}>
            View Pricing
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </aside>
  );
}
