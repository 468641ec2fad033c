/** The page of every style tool: the photo, its conversion, the other styles and "Convert Anything". */
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { RefreshCw, Wand2 } from "lucide-react";
import { AreaControl } from "@/components/area-editor";
import { EditWith } from "@/components/edit-with";
import { ResultGrid } from "@/components/result-grid";
import { ResultView } from "@/components/result-view";
import { ResultsPicker } from "@/components/results-picker";
import { KeptNote } from "@/components/kept-note";
import { PlanBadge } from "@/components/plan-badge";
import { OutputOptions } from "@/components/output-options";
import { ToolPage } from "@/components/tool-page";
import { UploadArea } from "@/components/upload-area";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { gateMessage, hasFeature, type TierId } from "@/config/tiers";
import { CUSTOM_OVERLAY, getVariant, VARIANTS, type VariantId } from "@/config/variants";
import { useNeededPlan } from "@/hooks/use-needed-plan";
import { useRemainingConversions } from "@/hooks/use-remaining";
import type { GateReturnState } from "@/lib/creations";
import { useSubscriptionTier } from "@/lib/subscription";
import { onDemand } from "@/components/on-demand";
import { useConversion } from "./use-conversion";

// "Convert Image" (Radix Dialog, focus trap, scroll lock): fetched on hover or focus of Convert Anything,
// mounted when it first opens (also straight from `?custom=true`).
const CustomPromptDialog = onDemand(() => import("./conversion-page.lazy").then((m) => m.CustomPromptDialog));

/**
 * Why Convert Anything is off before anything is picked: the plan lacks custom transformations (the
 * plan it needs), or no conversions are left (the person's plan).
 */
export type CustomGate = { kind: "plan" | "limit"; plan: TierId };

/** One page for every style tool, driven by its row of the variant table (SPEC 2.2, 2.4, 2.15). */
export function ConversionPage({ variantId }: { variantId: VariantId }) {
  const variant = getVariant(variantId);
  const conversion = useConversion(variant);
  const tier = useSubscriptionTier();
  const [searchParams, setSearchParams] = useSearchParams();
  const isHome = variant.id === "cucumber";
  const customOpen = isHome && searchParams.get("custom") === "true";
  const { processing } = conversion;
  const recreateAllowed = tier.data ? hasFeature(tier.data, "multipleVersions") : false;
  // Said before the work starts (issue 27): the plan a feature needs, on its button (Convert Anything,
  // Try Another Version) and in Convert Anything's dialog, and no conversions left, in the dialog; the
  // dialog then offers the upgrade, not the upload.
  const customNeeds = useNeededPlan("custom");
  const recreateNeeds = useNeededPlan("multipleVersions");
  const location = useLocation();
  const remaining = useRemainingConversions();
  const customGate: CustomGate | null = customNeeds
    ? { kind: "plan", plan: customNeeds }
    : remaining.status === "ready" && remaining.current === 0 && tier.data
      ? { kind: "limit", plan: tier.data }
      : null;
  const skeleton = variant.layout === "skeleton";
  const overlay = conversion.operation === "custom" ? CUSTOM_OVERLAY : variant.overlay;

  function setCustomOpen(open: boolean) {
    const next = new URLSearchParams(searchParams);
    if (open) next.set("custom", "true");
    else next.delete("custom");
    setSearchParams(next, { replace: true });
  }

  return (
    <ToolPage
      tool={variant}
      emoji={variant.emoji}
      nav={
        <nav aria-label="Other styles" className="flex flex-wrap gap-2">
          {VARIANTS.filter((v) => v.id !== variant.id).map((v) => (
            <Button key={v.id} asChild variant="outline" size="sm" className="rounded-full">
              <Link to={v.path}>Try {v.title}</Link>
            </Button>
          ))}
          {isHome && (
            <Button
              size="sm"
              className="rounded-full"
              onClick={() => setCustomOpen(true)}
              onPointerEnter={CustomPromptDialog.preload}
              onFocus={CustomPromptDialog.preload}
              disabled={processing}
            >
              <Wand2 aria-hidden="true" />
              Convert Anything
              {customNeeds && <PlanBadge plan={customNeeds} />}
            </Button>
          )}
        </nav>
      }
      busy={processing}
      run={conversion}
      // Several results show their progress in their grid, not behind the overlay.
      overlay={processing && !conversion.results.running && overlay}
      footer={
        variant.footer && (
          <footer aria-hidden="true" className="flex justify-center gap-6 pt-2 text-3xl">
            {variant.footer.map((e) => (
              <span key={e}>{e}</span>
            ))}
          </footer>
        )
      }
    >
      <OutputOptions value={conversion.output} onChange={conversion.setOutput} disabled={processing}>
        <ResultsPicker results={conversion.results} disabled={processing} />
      </OutputOptions>
      {conversion.original && conversion.result?.restored && !processing && (
        <KeptNote>Your last result, kept on this device.</KeptNote>
      )}
      <ResultGrid results={conversion.results} downloadName={variant.downloadName} />
      {conversion.original && (
        <AreaControl
          photo={{
            url: conversion.original.previewUrl,
            width: conversion.original.width,
            height: conversion.original.height,
          }}
          area={conversion.area}
          onAreaChange={conversion.setArea}
          // Convert Anything's words go with the area from its own dialog.
          onConvert={isHome ? () => setCustomOpen(true) : conversion.convertArea}
          convertLabel={isHome ? "Convert Anything in the area" : `${variant.title} in the area`}
          disabled={processing}
        />
      )}
      {conversion.original ? (
        <ResultView
          originalUrl={conversion.original.previewUrl}
          modifiedUrl={conversion.result?.imageUrl ?? null}
          waitingText={variant.waiting}
          processing={processing}
          onReset={conversion.reset}
          onDownload={conversion.download}
          share={{ fileName: variant.downloadName, title: variant.title }}
          editWith={
            conversion.result && (
              <EditWith
                source={{ image: conversion.result.imageUrl, tool: variant.id }}
                disabled={processing}
              />
            )
          }
          onRecreate={recreateAllowed ? conversion.recreate : undefined}
          recreateCost={conversion.results.count}
          recreateHint={
            // Without the plan: the same button with the plan it needs, to Pricing; paying (or "Go back")
            // returns here, where the last result is shown again.
            recreateNeeds && (
              <>
                <Button asChild variant="secondary">
                  <Link
                    to={paths.pricing}
                    state={
                      { returnTo: { path: location.pathname + location.search } } satisfies GateReturnState
                    }
                  >
                    <RefreshCw aria-hidden="true" />
                    Try Another Version
                    <PlanBadge plan={recreateNeeds} />
                  </Link>
                </Button>
                <p className="basis-full text-xs text-muted-foreground lg:-mt-1 lg:mb-1">
                  {gateMessage("multipleVersions")}.
                </p>
              </>
            )
          }
          labels={skeleton ? { modified: "Skeleton", reset: "Upload Another Image" } : undefined}
          versions={conversion.versions}
        />
      ) : (
        <UploadArea
          onFile={(file) => void conversion.selectFile(file)}
          disabled={processing || conversion.loading}
          description={variant.description}
          teaser={variant.teaser}
          emoji={variant.emoji}
          theme={variant.theme}
        />
      )}

      {isHome && (
        <CustomPromptDialog
          open={customOpen}
          onOpenChange={setCustomOpen}
          hasImage={Boolean(conversion.original)}
          area={Boolean(conversion.area)}
          more={conversion.more}
          source={conversion.customSource}
          busy={processing}
          gate={customGate}
          draft={conversion.draft}
          onSelectFile={(file) =>
            void conversion.selectFile(file, { convert: false, toast: "Image selected successfully" })
          }
          onTransform={conversion.custom}
        />
      )}
    </ToolPage>
  );
}
