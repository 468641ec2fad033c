/** The Visual Poetry page: the photo, the poem as it is written, and its actions. */
import { Copy, Download, Feather, ImageUp, Loader2, RefreshCw, Square } from "lucide-react";
import { CostNote } from "@/components/remaining-counter";
import { ShareButton } from "@/components/share-button";
import { ToolPage } from "@/components/tool-page";
import { UploadArea } from "@/components/upload-area";
import { Button } from "@/components/ui/button";
import { getTool } from "@/tools/registry";
import { useEscapeKey } from "@/hooks/use-escape-key";
import { PoemView } from "./poem-view";
import { usePoem } from "./use-poem";

const TOOL = getTool("poetry");

const OVERLAY = {
  title: "Writing your poem...",
  text: "Our AI is looking at your photo and finding the words for it.",
};

/** Visual Poetry (SPEC 2.12): a photo in, a colourful poem out, line by line as it is written. */
export function PoetryPage() {
  const poem = usePoem();
  const { processing, streaming, cancel } = poem;

  // While the poem streams in on the page (no overlay), Escape still cancels, as in the overlay.
  useEscapeKey(cancel, streaming);

  return (
    <ToolPage
      tool={TOOL}
      emoji="📝"
      busy={processing}
      run={poem}
      overlay={processing && !streaming && OVERLAY}
    >
      {poem.photo ? (
        <section aria-label="Result" className="grid items-start gap-6 md:grid-cols-2">
          <figure className="space-y-2">
            <figcaption className="text-sm font-medium text-muted-foreground">Your photo</figcaption>
            <img
              src={poem.photo.previewUrl}
              alt="Your photo"
              className="max-h-[60vh] w-full rounded-xl border bg-muted object-contain"
            />
          </figure>

          <div className="space-y-4">
            <section
              aria-labelledby="poem-heading"
              className="rounded-2xl border bg-gradient-to-br from-rose-50 via-background to-sky-50 p-5 shadow-sm sm:p-6 dark:from-rose-950/30 dark:via-card dark:to-sky-950/30"
            >
              {/* Focus comes here when the overlay closes and the poem starts to come in. */}
              <h2
                id="poem-heading"
                data-run-focus
                tabIndex={-1}
                className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase"
              >
                Your poem
              </h2>
              {poem.poem ? (
                <PoemView text={poem.poem.text} streaming={streaming} />
              ) : (
                <p className="text-muted-foreground">
                  {processing
                    ? "Your poem will appear here line by line as it is written."
                    : poem.canWrite
                      ? "Your poem will be written about this photo."
                      : "No poem yet. Try again, or choose a different photo."}
                </p>
              )}
              {streaming && (
                // Not live: the "Writing your poem..." toast says it once; the poem's lines are not read as they come.
                <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                  Writing your poem...
                </p>
              )}
            </section>

            <div className="flex flex-wrap gap-2">
              {streaming && (
                <Button variant="outline" onClick={cancel}>
                  <Square aria-hidden="true" />
                  Cancel
                </Button>
              )}
              {poem.done && (
                <>
                  <Button onClick={poem.download}>
                    <Download aria-hidden="true" />
                    Download Poem
                  </Button>
                  <Button variant="outline" onClick={() => void poem.copy()}>
                    <Copy aria-hidden="true" />
                    Copy
                  </Button>
                  {poem.poem && (
                    <ShareButton
                      content={{
                        kind: "text",
                        text: poem.poem.text,
                        fileName: getTool("poetry").downloadName,
                        title: "Visual Poetry",
                      }}
                    />
                  )}
                  <Button variant="outline" onClick={poem.startOver}>
                    <RefreshCw aria-hidden="true" />
                    Generate Another Poem
                  </Button>
                </>
              )}
              {poem.canWrite && (
                <div className="flex basis-full flex-wrap items-center gap-x-3 gap-y-1">
                  <Button onClick={poem.write}>
                    <Feather aria-hidden="true" />
                    Write the Poem
                  </Button>
                  <CostNote />
                </div>
              )}
              {!processing && !poem.done && (
                <Button variant="outline" onClick={poem.choosePhoto}>
                  <ImageUp aria-hidden="true" />
                  Try a Different Photo
                </Button>
              )}
            </div>
          </div>
        </section>
      ) : (
        <div className="space-y-2">
          <UploadArea
            onFile={(file) => void poem.selectFile(file)}
            disabled={processing || poem.loading}
            description="Upload a photo and get a colourful poem about it, written line by line."
            teaser="Every picture has a poem in it."
            emoji="📝"
            theme={{
              gradient:
                "from-rose-50 via-amber-50 to-sky-50 dark:from-rose-950/40 dark:via-slate-900 dark:to-sky-950/40",
              border: "border-rose-300 dark:border-rose-800",
              accent: "text-rose-700 dark:text-rose-300",
              button: "bg-rose-600 text-white hover:bg-rose-700",
            }}
          />
          <CostNote className="text-center" />
        </div>
      )}
    </ToolPage>
  );
}
