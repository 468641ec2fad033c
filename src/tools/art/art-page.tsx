/** The Art Enhancer page: an uploaded or drawn picture and its refined version. */
import { useState } from "react";
import { Brush, ImageUp, PenLine } from "lucide-react";
import { EditWith } from "@/components/edit-with";
import { ResultGrid } from "@/components/result-grid";
import { ResultView } from "@/components/result-view";
import { ResultsPicker } from "@/components/results-picker";
import { ToolPage } from "@/components/tool-page";
import { OutputOptions } from "@/components/output-options";
import { UploadArea } from "@/components/upload-area";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { getTool } from "@/tools/registry";
import { useUser } from "@/lib/auth";
import { lazyPart } from "@/components/on-demand";
import type { PictureToPlace } from "./canvas/drawing-canvas";
import { useArt, type ArtOriginal } from "./use-art";

type Tab = "upload" | "draw";

/** The canvas and its engine: a chunk of their own, fetched when the Draw tab is near (hover, focus, open). */
const DrawingCanvas = lazyPart(() => import("./art-page.lazy").then((m) => m.DrawingCanvas));

const OVERLAY = {
  title: "Enhancing Artwork...",
  text: "Our AI is refining the lines, colour and shading of your picture.",
};
const WAITING = "Waiting for the AI to enhance your artwork...";
const NOT_SENT = "Not enhanced yet. Nothing was counted.";

/** Art Enhancer (SPEC 2.10, 4.7): upload a picture or draw one, and get a refined version of it. */
export function ArtPage() {
  const tool = getTool("art");
  // A photo handed over (shared into the app, or a result sent on with "Edit with…") is an upload.
  // A drawing a gate stopped goes back onto the canvas (its PNG is exactly the canvas's size).
  const art = useArt({
    onIncoming: () => setTab("upload"),
    onDrawing: (url) => placeDrawing(url),
  });
  const user = useUser();
  const [tab, setTab] = useState<Tab>("upload");
  // The canvas stays mounted once opened, so switching tabs keeps its undo history.
  const [drawOpened, setDrawOpened] = useState(false);
  const [place, setPlace] = useState<PictureToPlace | null>(null);
  const { processing } = art;

  function changeTab(value: string) {
    const next: Tab = value === "draw" ? "draw" : "upload";
    if (next === "draw") setDrawOpened(true);
    setTab(next);
  }

  function placeDrawing(url: string) {
    setPlace({ url, width: 0, height: 0, id: Date.now() });
    changeTab("draw");
  }

  function drawOver(original: ArtOriginal) {
    setPlace({
      url: original.image.previewUrl,
      width: original.image.width,
      height: original.image.height,
      id: Date.now(),
    });
    changeTab("draw");
  }

  function result(original: ArtOriginal) {
    return (
      <>
        <ResultGrid results={art.results} downloadName={tool.downloadName} />
        <ResultView
          originalUrl={original.image.previewUrl}
          modifiedUrl={art.result?.imageUrl ?? null}
          waitingText={processing ? WAITING : NOT_SENT}
          processing={processing}
          onReset={art.reset}
          onDownload={art.download}
          share={{ fileName: tool.downloadName, title: "Art Enhancer" }}
          editWith={
            art.result && (
              <EditWith source={{ image: art.result.imageUrl, tool: "art" }} disabled={processing} />
            )
          }
          labels={{
            original: original.source === "drawing" ? "Your drawing" : "Original",
            modified: "Enhanced",
            reset: original.source === "drawing" ? "Reset" : "Try Another Image",
          }}
          versions={art.versions}
        />
      </>
    );
  }

  const original = art.original;

  return (
    <ToolPage
      tool={tool}
      emoji="🎨"
      busy={processing}
      run={art}
      // Several results show their progress in their grid, not behind the overlay.
      overlay={processing && !art.results.running && OVERLAY}
    >
      <Tabs value={tab} onValueChange={changeTab} className="gap-4">
        <TabsList aria-label="Start from" className="w-full sm:w-fit">
          <TabsTrigger value="upload">
            <ImageUp aria-hidden="true" />
            Upload Image
          </TabsTrigger>
          <TabsTrigger value="draw" onPointerEnter={DrawingCanvas.preload} onFocus={DrawingCanvas.preload}>
            <Brush aria-hidden="true" />
            Draw Your Own
          </TabsTrigger>
        </TabsList>
        <OutputOptions value={art.output} onChange={art.setOutput} disabled={processing}>
          <ResultsPicker results={art.results} disabled={processing} />
        </OutputOptions>

        <TabsContent value="upload" className="space-y-4">
          {original?.source === "upload" ? (
            <>
              {result(original)}
              <Button variant="outline" onClick={() => drawOver(original)} disabled={processing}>
                <PenLine aria-hidden="true" />
                Draw on this picture
              </Button>
            </>
          ) : (
            <UploadArea
              onFile={(file) => void art.selectFile(file)}
              disabled={processing || art.loading}
              description="Upload a sketch, painting or photo: the AI refines its lines, colour and shading and keeps everything else."
              teaser="Same picture, polished."
              emoji="🎨"
              acceptPaste={tab === "upload"}
            />
          )}
        </TabsContent>

        {drawOpened && (
          <TabsContent value="draw" forceMount className="space-y-6 data-[state=inactive]:hidden">
            <DrawingCanvas
              fallback={
                <p role="status" className="py-16 text-center text-sm text-muted-foreground">
                  Opening the canvas...
                </p>
              }
              onFailed={() => changeTab("upload")}
              userId={user?.id ?? null}
              busy={processing || art.loading}
              onTransform={(png) => void art.transformDrawing(png)}
              place={place}
              active={tab === "draw"}
              cost={art.results.count}
            />
            {original?.source === "drawing" && result(original)}
          </TabsContent>
        )}
      </Tabs>
    </ToolPage>
  );
}
