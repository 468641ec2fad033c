/** The Modify Scene page: the base picture, the form of what to add, and the result. */
import { useEffect } from "react";
import { RotateCcw, Undo2 } from "lucide-react";
import { EditWith } from "@/components/edit-with";
import { ResultGrid } from "@/components/result-grid";
import { ResultsPicker } from "@/components/results-picker";
import { ToolPage } from "@/components/tool-page";
import { UploadArea } from "@/components/upload-area";
import { Button } from "@/components/ui/button";
import { getTool } from "@/tools/registry";
import { PositionPicker } from "./position-picker";
import { SceneForm } from "./scene-form";
import { lazyPart } from "@/components/on-demand";

/** Shape and Size in the form: fetched with the first picture (the empty page shows the upload alone). */
const OutputOptions = lazyPart(() => import("./scene-output.lazy").then((m) => m.OutputOptions));
import { SCENE_TYPE_LABELS } from "./scene-messages";
import { EMPTY_SCENE_FORM, useScene } from "./use-scene";

/** The result view and its versions: fetched when the first result arrives. */
const SceneResult = lazyPart(() => import("./scene-page.lazy").then((m) => m.SceneResult));

/** Modify Scene (/create-nft, SPEC 2.11): upload a base, then add an image, text or widget to it. */
export function ScenePage() {
  const tool = getTool("scene");
  const scene = useScene();
  const { base, result, processing, form, setForm } = scene;
  const busy = processing || scene.loading !== null;
  // The result view's code comes while the change is being made.
  // The form's pickers come while the picture is being opened.
  useEffect(() => {
    if (base || scene.loading !== null) OutputOptions.preload();
  }, [base, scene.loading]);
  useEffect(() => {
    if (processing) SceneResult.preload();
  }, [processing]);

  async function keepEditing() {
    if (await scene.keepEditing()) setForm((f) => ({ ...EMPTY_SCENE_FORM, type: f.type }));
  }

  // Ctrl/Cmd+Z undoes the last kept change while editing (not while typing: the field has its own undo).
  const { canUndo, undo } = scene;
  const editing = Boolean(base) && !result;
  useEffect(() => {
    if (!editing || !canUndo || busy) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== "z" || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, [contenteditable='true']")) return;
      e.preventDefault();
      undo();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [busy, canUndo, editing, undo]);

  const runningLabel = SCENE_TYPE_LABELS[scene.runningType ?? form.type].toLowerCase();

  return (
    <ToolPage
      tool={tool}
      emoji="🪄"
      busy={busy}
      run={scene}
      // Several results show their progress in their grid, not behind the overlay.
      overlay={
        processing &&
        !scene.results.running && {
          title: "Modifying Scene...",
          text: `Our AI is adding your ${runningLabel} to the picture.`,
        }
      }
    >
      {base && <ResultGrid results={scene.results} downloadName={tool.downloadName} />}
      {!base ? (
        <div className="space-y-3">
          {/* No "upload a base image first" warning: nothing was tried yet; the upload area says what to do. */}
          <UploadArea
            onFile={(file) => void scene.selectBase(file)}
            disabled={busy}
            description="Upload the picture you want to change, then add an image, text or a widget to it."
            teaser="Place it anywhere: pick a spot or just click the picture."
          />
        </div>
      ) : result ? (
        <SceneResult
          fallback={<img src={result.imageUrl} alt="" className="mx-auto max-h-[70vh] rounded-xl border" />}
          onFailed={() => undefined}
          baseUrl={base.previewUrl}
          resultUrl={result.imageUrl}
          busy={busy}
          onKeepEditing={() => void keepEditing()}
          onDiscard={scene.discardResult}
          onDownload={scene.download}
          onReset={scene.reset}
          editWith={<EditWith source={{ image: result.imageUrl, tool: "scene" }} disabled={busy} />}
          versions={scene.versions}
        />
      ) : (
        <section aria-label="Modify the scene" className="space-y-4">
          {scene.step > 0 && (
            <p className="text-sm text-muted-foreground">
              Editing your result: {scene.step} {scene.step === 1 ? "change" : "changes"} so far. Undo goes
              back to the previous picture without using a conversion.
            </p>
          )}
          <div className="grid items-start gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <PositionPicker
              src={base.previewUrl}
              alt={scene.step > 0 ? "Base image (your last result)" : "Base image"}
              position={form.position}
              onPick={(position) => setForm((f) => ({ ...f, position }))}
              disabled={busy}
            />
            <SceneForm
              values={form}
              onChange={setForm}
              addedPreviewUrl={scene.added?.previewUrl ?? null}
              onAddedFile={(file) => void scene.selectAdded(file)}
              onRemoveAdded={scene.removeAdded}
              onSubmit={() => scene.modify(form)}
              disabled={busy}
              output={
                <OutputOptions
                  fallback={null}
                  onFailed={() => undefined}
                  value={scene.output}
                  onChange={scene.setOutput}
                  disabled={busy}
                >
                  {/* With the page, as on every tool with results: one file of theirs, not two. */}
                  <ResultsPicker results={scene.results} disabled={busy} />
                </OutputOptions>
              }
              cost={scene.results.count}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            {scene.canUndo && (
              <Button
                variant="outline"
                onClick={scene.undo}
                disabled={busy}
                aria-keyshortcuts="Control+Z Meta+Z"
                title="Undo (Ctrl+Z)"
              >
                <Undo2 aria-hidden="true" />
                Undo
              </Button>
            )}
            <Button variant="outline" onClick={scene.reset} disabled={busy}>
              <RotateCcw aria-hidden="true" />
              Try Another Image
            </Button>
          </div>
        </section>
      )}
    </ToolPage>
  );
}
