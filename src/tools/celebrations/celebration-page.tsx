/** The Celebration Creator page: the occasion's form and the festive image made from it. */
import { useEffect, useId, useRef, type FormEvent } from "react";
import { Loader2, PartyPopper } from "lucide-react";
import { ImagePickField } from "@/components/image-pick-field";
import { OutputOptions } from "@/components/output-options";
import { PromptField } from "@/components/prompt-field";
import { CostNote } from "@/components/remaining-counter";
import { ResultGrid } from "@/components/result-grid";
import { ResultsPicker } from "@/components/results-picker";
import { lazyPart } from "@/components/on-demand";
import { ToolPage } from "@/components/tool-page";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { ChoiceSelect } from "@/components/choice-select";
import { CELEBRATION_TYPES, type CelebrationType } from "@/tools/celebrations/prompts";
import { getTool } from "@/tools/registry";
import { useCelebration } from "./use-celebration";

const TOOL = getTool("celebrations");

/** The result, its actions and its versions: fetched when the first image arrives. */
const ResultPart = lazyPart(() => import("./celebration-page.lazy").then((m) => m.CelebrationResultView));

const OVERLAY = {
  title: "Creating Celebration Image...",
  text: "Our AI is making a colourful, festive image for your occasion.",
};

function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** Celebration Creator (SPEC 2.13): a festive image for an occasion, with an optional inspiration image. */
export function CelebrationPage() {
  const c = useCelebration();
  const { form, processing } = c;
  // The result view's code comes while the image is being made.
  useEffect(() => {
    if (processing) ResultPart.preload();
  }, [processing]);
  const typeId = useId();
  const typeErrorId = useId();
  const descriptionId = useId();
  const inspirationErrorId = useId();
  const typeRef = useRef<HTMLButtonElement>(null);
  const hadResult = useRef(false);

  // "Create Another Image" brings the form back: start again at the description.
  useEffect(() => {
    if (c.result) hadResult.current = true;
    else if (hadResult.current) {
      hadResult.current = false;
      document.getElementById(descriptionId)?.focus();
    }
  }, [c.result, descriptionId]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const errors = c.generate();
    if (errors.type) typeRef.current?.focus();
    else if (errors.description) document.getElementById(descriptionId)?.focus();
  }

  const disabled = processing;

  return (
    <ToolPage
      tool={TOOL}
      emoji="🎉"
      busy={processing}
      run={{ ...c, canRetry: Boolean(c.error), retry: () => void c.generate() }}
      // Several images show their progress in their grid, not behind the overlay.
      overlay={processing && !c.results.running && OVERLAY}
    >
      <ResultGrid results={c.results} downloadName={c.resultsName} />
      {c.result && c.resultLabel ? (
        <ResultPart
          fallback={null}
          onFailed={() => undefined}
          result={c.result}
          label={c.resultLabel}
          onDownload={c.download}
          onCreateAnother={c.createAnother}
          versions={c.versions}
        />
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Celebration details"
          className="grid gap-5 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
        >
          <div className="grid content-start gap-2 sm:max-w-sm">
            <Label htmlFor={typeId}>Celebration type</Label>
            <ChoiceSelect
              id={typeId}
              ref={typeRef}
              className="w-full"
              choices={CELEBRATION_TYPES}
              value={form.type}
              onValueChange={(v) => c.setType(v as CelebrationType)}
              placeholder="Select a celebration type"
              disabled={disabled}
              aria-required="true"
              aria-invalid={form.fieldErrors.type ? true : undefined}
              aria-describedby={form.fieldErrors.type ? typeErrorId : undefined}
            />
            <FieldError id={typeErrorId} message={form.fieldErrors.type} />
          </div>
          <OutputOptions value={form.output} onChange={c.setOutput} photo={false} disabled={disabled}>
            <ResultsPicker results={c.results} disabled={disabled} />
          </OutputOptions>

          <PromptField
            id={descriptionId}
            label="Description"
            value={form.description}
            onChange={c.setDescription}
            placeholder="Describe your celebration image, e.g. a garden party for Grandma's 90th with balloons and a big cake"
            rows={4}
            required
            disabled={disabled}
            error={form.fieldErrors.description}
          />

          <div className="grid gap-2">
            <ImagePickField
              label="Inspiration image"
              hint="Optional: a photo whose subject, colours or mood the image should take up"
              previewUrl={form.inspiration?.previewUrl ?? null}
              onFile={(file) => void c.pickInspiration(file)}
              onRemove={c.removeInspiration}
              disabled={disabled || form.inspirationLoading}
            />
            {form.inspirationLoading && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Opening the image...
              </p>
            )}
            <FieldError id={inspirationErrorId} message={form.inspirationError} />
          </div>

          <div className="grid gap-2 sm:flex sm:items-center sm:justify-between">
            <CostNote cost={c.results.count} />
            <Button type="submit" size="lg" disabled={disabled || form.inspirationLoading}>
              <PartyPopper aria-hidden="true" />
              Generate Celebration Image
            </Button>
          </div>
        </form>
      )}
    </ToolPage>
  );
}
