/** The Help Center page: its FAQ, Features and Subscription tabs. */
import { useId, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { ArrowRight, Check, CircleHelp, CreditCard, LayoutGrid, LifeBuoy, MessageCircle } from "lucide-react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BRAND_NAME } from "@/config/brand";
import { paths } from "@/config/paths";
import { cn } from "@/lib/utils";
import {
  customNeedsNote,
  faqEntries,
  HELP_TABS,
  isHelpTab,
  otherToolFeatures,
  planNotes,
  planSummaries,
  styleFeatures,
  type AnswerBlock,
  type HelpTab,
} from "./content";
import { FeatureGrid } from "./feature-grid";

const TAB_ICONS: Record<HelpTab, typeof CircleHelp> = {
  faq: CircleHelp,
  features: LayoutGrid,
  subscription: CreditCard,
};

/** Help center (SPEC 2.17): FAQ, Features and Subscription tabs; ?tab= opens one directly. */
export function HelpPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: HelpTab = isHelpTab(requested) ? requested : "faq";

  function selectTab(value: string) {
    if (!isHelpTab(value)) return;
    const next = new URLSearchParams(searchParams);
    if (value === "faq") next.delete("tab");
    else next.set("tab", value);
    setSearchParams(next, { replace: true });
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-2">
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight sm:text-4xl">
          <LifeBuoy aria-hidden="true" className="size-7 text-primary sm:size-8" />
          Help Center
        </h1>
        <p className="max-w-2xl text-muted-foreground">
          Answers about restyling your photos with {BRAND_NAME}: how it works, downloads, and what each plan
          includes. Prefer a walkthrough?{" "}
          <Link
            to={`${paths.documentation}#getting-started`}
            className="font-medium text-primary underline underline-offset-2"
          >
            Read the getting started guide
          </Link>
          .
        </p>
      </header>

      <Tabs value={tab} onValueChange={selectTab} className="gap-4">
        <TabsList aria-label="Help topics" className="h-10 w-full sm:w-fit">
          {HELP_TABS.map(({ value, label }) => {
            const Icon = TAB_ICONS[value];
            return (
              <TabsTrigger key={value} value={value} className="sm:px-4">
                <Icon aria-hidden="true" />
                {label}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="faq">
          <FaqPanel />
        </TabsContent>
        <TabsContent value="features">
          <FeaturesPanel />
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PanelHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="space-y-1">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children && <p className="text-sm text-muted-foreground">{children}</p>}
    </div>
  );
}

function Answer({ blocks }: { blocks: readonly AnswerBlock[] }) {
  return blocks.map((block, index) => {
    if (block.kind === "text") return <p key={index}>{block.text}</p>;
    const List = block.kind === "steps" ? "ol" : "ul";
    return (
      <List
        key={index}
        className={cn("space-y-1 pl-5", block.kind === "steps" ? "list-decimal" : "list-disc")}
      >
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    );
  });
}

function FaqPanel() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <PanelHeading id={headingId} title="Frequently asked questions">
        Open a question to read its answer.
      </PanelHeading>
      <Accordion type="single" collapsible className="rounded-xl border bg-card px-4 shadow-xs sm:px-6">
        {faqEntries().map((entry) => (
          <AccordionItem key={entry.id} value={entry.id}>
            <AccordionTrigger className="text-base">{entry.question}</AccordionTrigger>
            <AccordionContent className="space-y-3 leading-relaxed text-muted-foreground">
              <Answer blocks={entry.answer} />
              {entry.link && (
                <p>
                  <Link
                    to={entry.link.to}
                    className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
                  >
                    {entry.link.label}
                    <ArrowRight aria-hidden="true" className="size-3.5" />
                  </Link>
                </p>
              )}
            </AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

function FeaturesPanel() {
  const stylesId = useId();
  const toolsId = useId();
  return (
    <div className="space-y-8">
      <section aria-labelledby={stylesId} className="space-y-4">
        <PanelHeading id={stylesId} title="Style tools">
          Each style restyles one photo and saves it as a PNG. All you need is a free account.
        </PanelHeading>
        <FeatureGrid features={styleFeatures()} />
      </section>
      <section aria-labelledby={toolsId} className="space-y-4">
        <PanelHeading id={toolsId} title="More tools">
          Describe your own change, work on many images at once, draw, write poems and more.
        </PanelHeading>
        <FeatureGrid features={otherToolFeatures()} />
      </section>
    </div>
  );
}

function SubscriptionPanel() {
  const headingId = useId();
  const plans = planSummaries();
  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <PanelHeading id={headingId} title="Plans">
        Every plan gives you every style; higher plans add more conversions and features.
      </PanelHeading>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan, index) => (
          <li
            key={plan.id}
            aria-labelledby={`${headingId}-${index}`}
            className={cn(
              "flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs",
              index === 0 && "border-primary/60 ring-1 ring-primary/30",
            )}
          >
            <div className="space-y-1">
              <h3 id={`${headingId}-${index}`} className="text-lg font-semibold">
                {plan.name}
              </h3>
              <p className="text-3xl font-bold tracking-tight">
                {plan.price === 0 ? (
                  plan.priceLabel
                ) : (
                  <>
                    ${plan.price}
                    <span className="text-base font-medium text-muted-foreground">/month</span>
                  </>
                )}
              </p>
              <p className="text-sm font-medium text-primary">{plan.conversionsLabel}</p>
            </div>
            <ul className="space-y-2 text-sm">
              {plan.unlocks.map((item) => (
                <li key={item} className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <ul className="space-y-1 text-sm text-muted-foreground">
        {planNotes().map((note) => (
          <li key={note} className="flex gap-2">
            <span aria-hidden="true">•</span>
            {note}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-4 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex gap-2 text-sm">
          <MessageCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          {customNeedsNote()}
        </p>
        <Button asChild className="shrink-0">
          <Link to={paths.pricing}>
            View Pricing
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
