/** A grid of tool cards, each linking to its tool, shared by the Help and Documentation pages. */
import { Link } from "react-router-dom";
import { Sparkles, Wand2, type LucideIcon } from "lucide-react";
import { allTools } from "@/tools/registry";
import { cn } from "@/lib/utils";
import { requirementLabel, type FeatureEntry } from "./content";

/** A card's icon: Convert Anything's, else the tool's whose route the card links to. */
function iconOf(key: string): LucideIcon {
  if (key === "convert-anything") return Wand2;
  return allTools().find((tool) => !tool.variant && tool.path === key)?.icon ?? Sparkles;
}

type FeatureGridProps = {
  features: readonly FeatureEntry[];
  /** Heading level of each card's title, below the section heading it sits in. */
  titleAs?: "h3" | "h4";
  /** Show the file a style's Download button saves. */
  showDownloadName?: boolean;
  className?: string;
};

/** One card per tool; the whole card is its link (the title is the link's name). */
export function FeatureGrid({ features, titleAs = "h3", showDownloadName, className }: FeatureGridProps) {
  const Title = titleAs;
  return (
    <ul className={cn("grid gap-3 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {features.map((feature) => {
        const Icon = iconOf(feature.key);
        return (
          <li
            key={feature.key}
            className="relative flex gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs transition-colors hover:border-primary/50 hover:bg-accent/40 has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/50"
          >
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-muted text-2xl"
            >
              {feature.emoji ?? <Icon className="size-5 text-primary" />}
            </span>
            <div className="min-w-0 space-y-1">
              <Title className="leading-tight font-semibold">
                <Link
                  to={feature.to}
                  className="outline-none after:absolute after:inset-0 after:rounded-xl hover:underline"
                >
                  {feature.title}
                </Link>
              </Title>
              <p className="text-sm text-muted-foreground">{feature.description}</p>
              {(feature.requiredTier || (showDownloadName && feature.downloadName)) && (
                <p className="flex flex-wrap gap-1.5 pt-1 text-xs">
                  {feature.requiredTier && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                      {requirementLabel(feature.requiredTier)}
                    </span>
                  )}
                  {showDownloadName && feature.downloadName && (
                    <span className="rounded-full bg-muted px-2 py-0.5 text-muted-foreground">
                      Saves as <span className="font-mono">{feature.downloadName}</span>
                    </span>
                  )}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
