import { Link, useSearchParams } from "react-router-dom";
import { Cpu, RefreshCw, Sparkles, Wand2 } from "lucide-react";
import { ApiKeyField } from "@/components/api-key-field";
import { ErrorBanner } from "@/components/error-banner";
import { ProcessingOverlay } from "@/components/processing-overlay";
import { ResultView } from "@/components/result-view";
import { UploadArea } from "@/components/upload-area";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { tierAtLeast, MULTIPLE_VERSIONS_TIER } from "@/config/tiers";
import { CUSTOM_OVERLAY, getVariant, VARIANTS, type VariantId } from "@/config/variants";
import { useApiKey } from "@/lib/api-key";
import { resolveGeminiTarget } from "@/lib/gemini";
import { useSubscriptionTier } from "@/lib/subscription";
import { CustomPromptDialog } from "./custom-prompt-dialog";
import { RemainingCounter } from "./remaining-counter";
import { RECREATE_GATE_MESSAGE, useConversion } from "./use-conversion";

function usesLocalEngine(apiKey: string): boolean {
  try {
    return resolveGeminiTarget(apiKey).source === "local-engine";
  } catch {
    return false;
  }
}

/** One page for every style tool, driven by its row of the variant table (SPEC 2.2, 2.4, 2.15). */
export function ConversionPage({ variantId }: { variantId: VariantId }) {
  const variant = getVariant(variantId);
  const conversion = useConversion(variant);
  const { state } = conversion;
  const apiKey = useApiKey();
  const tier = useSubscriptionTier();
  const [searchParams, setSearchParams] = useSearchParams();
  const isHome = variant.id === "cucumber";
  const customOpen = isHome && searchParams.get("custom") === "true";
  const processing = state.status === "processing";
  const recreateAllowed = tier.data ? tierAtLeast(tier.data, MULTIPLE_VERSIONS_TIER) : false;
  const skeleton = variant.layout === "skeleton";
  const overlay = state.operation === "custom" ? CUSTOM_OVERLAY : variant.overlay;

  function setCustomOpen(open: boolean) {
    const next = new URLSearchParams(searchParams);
    if (open) next.set("custom", "true");
    else next.delete("custom");
    setSearchParams(next, { replace: true });
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
              <span aria-hidden="true" className="mr-2">
                {variant.emoji}
              </span>
              {variant.title}
            </h1>
            <p className="text-muted-foreground">{variant.description}</p>
          </div>
          <RemainingCounter />
        </div>
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
              disabled={processing}
            >
              <Wand2 aria-hidden="true" />
              Convert Anything
            </Button>
          )}
        </nav>
      </header>

      {usesLocalEngine(apiKey) && (
        <Alert className="border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100">
          <Cpu aria-hidden="true" />
          <AlertDescription className="text-inherit">
            Local preview engine - add a Gemini key for AI results
          </AlertDescription>
        </Alert>
      )}

      {state.error && (
        <ErrorBanner
          message={state.error.message}
          advice={state.error.advice}
          action={
            state.error.retry && state.original ? (
              <Button size="sm" variant="outline" onClick={conversion.retry}>
                <RefreshCw aria-hidden="true" />
                Try again
              </Button>
            ) : undefined
          }
        />
      )}

      {state.original ? (
        <ResultView
          originalUrl={state.original.previewUrl}
          modifiedUrl={state.result?.dataUrl ?? null}
          waitingText={variant.waiting}
          processing={processing}
          onReset={conversion.reset}
          onDownload={conversion.download}
          onRecreate={recreateAllowed ? conversion.recreate : undefined}
          recreateHint={
            <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
              <Sparkles aria-hidden="true" className="size-4" />
              Want another version? {RECREATE_GATE_MESSAGE}.
              <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-2">
                See plans
              </Link>
            </p>
          }
          labels={skeleton ? { modified: "Skeleton", reset: "Upload Another Image" } : undefined}
        />
      ) : (
        <UploadArea
          onFile={(file) => void conversion.selectFile(file)}
          disabled={processing || state.status === "loading"}
          description={variant.description}
          teaser={variant.teaser}
          emoji={variant.emoji}
          theme={variant.theme}
        />
      )}

      <ApiKeyField disabled={processing} />

      {variant.footer && (
        <footer aria-hidden="true" className="flex justify-center gap-6 pt-2 text-3xl">
          {variant.footer.map((e) => (
            <span key={e}>{e}</span>
          ))}
        </footer>
      )}

      {isHome && (
        <CustomPromptDialog
          open={customOpen}
          onOpenChange={setCustomOpen}
          hasImage={Boolean(state.original)}
          previewUrl={state.original?.previewUrl}
          busy={processing}
          onSelectFile={(file) =>
            void conversion.selectFile(file, { convert: false, toast: "Image selected successfully" })
          }
          onTransform={conversion.custom}
        />
      )}

      {processing && (
        <ProcessingOverlay
          title={overlay.title}
          text={overlay.text}
          retryWait={state.retryWait}
          onCancel={conversion.cancel}
        />
      )}
    </div>
  );
}
