/** The Art Enhancer's flow on the shared AI run: an upload or a drawing in, a refined picture out. */
import { useCallback, useMemo, useRef, useState } from "react";
import { blobToDataUrl, keptOption, originalOf, type KeptInputs } from "@/lib/creations";
import type { AiFailure } from "@/hooks/use-ai-run";
import { useRemainingConversions } from "@/hooks/use-remaining";
import { outputFeatures, outputOfDetails, useImageOutput } from "@/lib/tool-output";
import { useResultsTool } from "@/hooks/use-tool-results";
import { useToolPhoto, toastPhotoUploaded } from "@/hooks/use-tool-photo";
import type { LoadedImage } from "@/lib/image";
import type { ArtInput, ArtOutput } from "./run-art";

export type ArtSource = "upload" | "drawing";
const ART_SOURCES: readonly ArtSource[] = ["upload", "drawing"];

/** What a gate keeps of a drawing besides its PNG: that it is one (it goes back onto the canvas). */
const DRAWING_TASK: KeptInputs = { options: { source: "drawing" } };
export type ArtOriginal = { image: LoadedImage; source: ArtSource };

/** SPEC 8 "Art". */
export const ART_COPY = {
  processing: "Enhancing your artwork...",
  success: "Artwork enhanced successfully!",
  failure: (reason: string) => `Failed to process image: ${reason}`,
  fallback: "Failed to enhance artwork. Please try again.",
};

const IMAGE_ADVICE = "Choose a picture in JPG, PNG, WEBP, GIF or HEIC format.";

/**
 * The Art Enhancer's flow (SPEC 4.7) on the shared AI run: an upload or a finished drawing becomes the
 * original, the result is cleared and the enhancement runs. Errors and cancels count nothing and keep
 * the picture (and the drawing).
 */
export function useArt({
  onIncoming,
  onDrawing,
}: {
  /** A photo was handed over: it is the upload. */
  onIncoming?: () => void;
  /** A drawing a gate stopped came back (a data: URL of its PNG): it goes back onto the canvas. */
  onDrawing?: (url: string) => void;
} = {}) {
  const remaining = useRemainingConversions();
  const photo = useToolPhoto();
  const { loading, error: inputError, load, replace, restore: restorePhoto, clear } = photo;
  const [source, setSource] = useState<ArtSource>("upload");
  const sourceRef = useRef<ArtSource>("upload");
  const original = useMemo<ArtOriginal | null>(
    () => (photo.photo ? { image: photo.photo, source } : null),
    [photo.photo, source],
  );

  // The shape and size of the next result, remembered for this tool (issue 28).
  const [output, setOutput] = useImageOutput("art");

  const ai = useResultsTool<ArtInput, ArtOutput>("art", {
    run: async (input, ctx) => (await import("./run-art.lazy")).runArt(input, ctx),
    // "Results: 1 2 3 4": an upload or a drawing may make several refined pictures at once.
    results: () => true,
    copy: () => ({ processing: ART_COPY.processing, success: ART_COPY.success, failure: ART_COPY.failure }),
    feature: ({ output }) => outputFeatures(output),
    // Kept on the device (My Creations) with the picture it refined.
    keep: (result, { image, output }) => ({
      file: result.imageUrl,
      instruction: "",
      original: originalOf(image),
      details: { source: sourceRef.current, ...output },
    }),
    // A gate on the way to Pricing keeps the picture, and whether it is a drawing.
    gateTask: ({ image }) => ({ files: [image.file], options: { source: sourceRef.current } }),
    // A photo handed over (shared into the app, or a result sent on with "Edit with…") is an upload.
    // A drawing a gate stopped goes back onto the canvas, to transform again; an upload it stopped is
    // enhanced, or waits on the page when nothing is left (back from Pricing without paying) instead
    // of going to Pricing again.
    incoming: (files: File[], task?: KeptInputs): unknown => {
      const file = files[0];
      if (!file) return;
      if (task && keptOption(task, "source", ART_SOURCES) === "drawing") {
        return blobToDataUrl(file).then((url) => onDrawing?.(url));
      }
      onIncoming?.();
      const wait = Boolean(task) && remaining.status === "ready" && remaining.current === 0;
      return start(file, "upload", { run: !wait });
    },
    // A reload shows the last enhanced picture again with its original (kept on the device).
    restore: {
      untouched: !photo.photo && !loading,
      result: ({ imageUrl, record }) =>
        record.kind === "image" ? { imageUrl, output: outputOfDetails(record.details) } : null,
      show: ({ imageUrl, files, record, tagOriginal }) => {
        if (!imageUrl || !files.original) return;
        const from: ArtSource = record.details?.source === "drawing" ? "drawing" : "upload";
        void restorePhoto(files.original)
          .then((image) => {
            if (!image) return;
            tagOriginal(image.file);
            sourceRef.current = from;
            setSource(from);
            restore({ imageUrl, output: outputOfDetails(record.details) }, { image });
          })
          .catch((error: unknown) => console.warn("Could not show the last artwork again", error));
      },
    },
  });
  const { run, reset: resetRun, restore } = ai;
  const busy = ai.running;

  const replaceOriginal = useCallback(
    (next: ArtOriginal | null) => {
      if (next) {
        sourceRef.current = next.source;
        setSource(next.source);
      }
      replace(next?.image ?? null);
    },
    [replace],
  );

  /** An upload or a drawing: checked and shown as the original, then enhanced. */
  const start = useCallback(
    async (file: File, from: ArtSource, { run: send = true }: { run?: boolean } = {}) => {
      if (busy) return;
      const image = await load(file, {
        // A picture only shown (not sent) is not checked against what is left.
        checkAllowance: send,
        ...(from === "drawing"
          ? { fallback: ART_COPY.fallback, advice: "Try again in a moment.", task: DRAWING_TASK }
          : { advice: IMAGE_ADVICE }),
      });
      if (!image) return;
      resetRun();
      replaceOriginal({ image, source: from });
      if (from === "upload") toastPhotoUploaded();
      if (send) await run({ image, output });
    },
    [busy, load, output, replaceOriginal, resetRun, run],
  );

  const selectFile = useCallback((file: File) => start(file, "upload"), [start]);

  const transformDrawing = useCallback(
    (png: Blob) => start(new File([png], "drawing.png", { type: "image/png" }), "drawing"),
    [start],
  );

  const reset = useCallback(() => {
    if (busy) return;
    resetRun();
    clear();
  }, [busy, clear, resetRun]);

  const runError = ai.state.error;
  const error: AiFailure | null =
    inputError ??
    (runError
      ? // The banner reads "Error: {reason}" (SPEC 8 "Art"); it adds the "Error: " itself.
        { ...runError, message: runError.reason || ART_COPY.fallback }
      : null);

  return {
    original,
    result: ai.state.result,
    error,
    canRetry: Boolean(!inputError && runError && original && ai.state.input),
    retryWait: ai.state.retryWait,
    processing: busy,
    loading,
    selectFile,
    transformDrawing,
    /** The shape and size of the next result, and its picker's setter. */
    output,
    setOutput,
    retry: ai.retry,
    cancel: ai.cancel,
    reset,
    download: ai.download,
    versions: ai.versions,
    /** Several results of one run (use-tool-results.ts): the picker and the grid read them. */
    results: ai.results,
  };
}
