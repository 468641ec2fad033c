/** The Character Animator page: the description form, the character drawn, and its animation. */
import { useEffect, type FormEvent } from "react";
import { Clapperboard, Download, Loader2, RotateCcw, Sparkles, UserRound } from "lucide-react";
import { OutputOptions } from "@/components/output-options";
import { useResultFirst } from "@/components/result-first";
import { PromptField } from "@/components/prompt-field";
import { CostNote } from "@/components/remaining-counter";
import { ResultGrid } from "@/components/result-grid";
import { ResultsPicker } from "@/components/results-picker";
import { lazyPart } from "@/components/on-demand";
import { ToolPage } from "@/components/tool-page";
import { Button } from "@/components/ui/button";
import { getTool } from "@/tools/registry";
import { PNG_DOWNLOAD_NAME, useAnimator } from "./use-animator";

/**
 * Share and "Edit with…" of a character, its versions and the player of its animation: fetched while
 * the first character is drawn (the player is needed only once a character is animated).
 */
const part = () => import("./animator-page.lazy");
const CharacterActions = lazyPart(() => part().then((m) => m.CharacterActions));
const CharacterVersions = lazyPart(() => part().then((m) => m.CharacterVersions));
const AnimationPlayer = lazyPart(() => part().then((m) => m.AnimationPlayer));

const TOOL = getTool("animator");

const OVERLAYS = {
  create: {
    title: "Generating Character Styles...",
    text: "Drawing your character. This may take a minute.",
  },
  animate: {
    title: "Animating your character...",
    text: "Drawing four frames of a loop. This may take a minute.",
  },
} as const;

/** Character Animator (SPEC 2.16): describe a character, get it drawn, then animate it. */
export function AnimatorPage() {
  const animator = useAnimator();
  const { result, busy, running } = animator;
  // A character's Share and "Edit with…" come while it is being drawn.
  useEffect(() => {
    if (running) CharacterActions.preload();
  }, [running]);
  const character = result?.character ?? null;
  // A new character, and then its animation, are brought into view as they come (on a phone the
  // character is under the form; on a laptop the animation is under the character).
  const characterRef = useResultFirst<HTMLElement>(character?.imageUrl);
  const animationRef = useResultFirst<HTMLDivElement>(
    result?.animation && `animation-${result.animation.id}`,
  );

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    animator.create();
  }

  return (
    <ToolPage
      tool={TOOL}
      emoji="🎬"
      busy={busy}
      run={animator}
      // Several characters show their progress in their grid, not behind the overlay.
      overlay={running && !animator.results.running && OVERLAYS[running]}
    >
      <div className="grid items-start gap-6 md:grid-cols-2">
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Describe your character"
          className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <PromptField
            label="Character description"
            value={animator.description}
            onChange={animator.setDescription}
            placeholder="A friendly green dragon with big eyes, wearing a red scarf..."
            rows={5}
            required
            disabled={busy}
          />
          <OutputOptions value={animator.output} onChange={animator.setOutput} photo={false} disabled={busy}>
            <ResultsPicker results={animator.results} disabled={busy} />
          </OutputOptions>
          <div className="grid gap-2">
            <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
              {running === "create" ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Sparkles aria-hidden="true" />
              )}
              {running === "create" ? "Generating..." : "Create Character"}
            </Button>
            <CostNote cost={animator.results.count} />
          </div>
        </form>

        <section
          ref={characterRef}
          aria-label="Your character"
          className="grid scroll-mt-18 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
        >
          <ResultGrid results={animator.results} downloadName={PNG_DOWNLOAD_NAME} />
          {character ? (
            <>
              <figure className="space-y-3">
                <img
                  src={character.imageUrl}
                  alt={`Generated character: ${character.description}`}
                  className="mx-auto h-auto max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
                />
                {character.text && (
                  <figcaption className="text-sm whitespace-pre-line text-muted-foreground">
                    {character.text}
                  </figcaption>
                )}
              </figure>
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" onClick={animator.createNew} disabled={busy}>
                  <RotateCcw aria-hidden="true" />
                  Create New
                </Button>
                <Button type="button" onClick={animator.downloadPng} disabled={busy} data-run-focus>
                  <Download aria-hidden="true" />
                  Download
                </Button>
                <CharacterActions
                  fallback={null}
                  onFailed={() => undefined}
                  image={character.imageUrl}
                  busy={busy}
                />
                <Button type="button" variant="secondary" onClick={animator.animate} disabled={busy}>
                  {running === "animate" ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Clapperboard aria-hidden="true" />
                  )}
                  {running === "animate" ? "Animating..." : "Animate"}
                </Button>
              </div>
              <CostNote />
              <CharacterVersions fallback={null} onFailed={() => undefined} versions={animator.versions} />
              <div ref={animationRef} className="scroll-mt-18 empty:hidden">
                {result?.animation && (
                  <AnimationPlayer
                    fallback={null}
                    onFailed={() => undefined}
                    key={result.animation.id}
                    frames={result.animation.frames}
                    onDownloadGif={animator.downloadGif}
                    disabled={busy}
                  />
                )}
              </div>
            </>
          ) : (
            <div className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-6 text-center text-muted-foreground">
              <UserRound aria-hidden="true" className="size-10" />
              <p>Your character will appear here</p>
            </div>
          )}
        </section>
      </div>
    </ToolPage>
  );
}
