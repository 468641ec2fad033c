import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { getTool } from "@/config/tools";
import { originalOf, useRestoreLastCreation } from "@/hooks/keep-creation";
import { useAiRun, type AiFailure } from "@/hooks/use-ai-run";
import { useAllowance } from "@/hooks/use-allowance";
import { PLAN_CHECK_FAILURE } from "@/lib/allowance";
import { useApiKey } from "@/lib/api-key";
import { downloadImage, isImageInputError, loadImage, type LoadedImage } from "@/lib/image";
import { runArt } from "./run-art";

export type ArtSource = "upload" | "drawing";
export type ArtOriginal = { image: LoadedImage; source: ArtSource };
export type ArtInput = { image: LoadedImage };
export type ArtResult = { dataUrl: string; local: boolean };

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
export function useArt() {
  const apiKey = useApiKey();
  const { check, deny } = useAllowance();
  const [original, setOriginal] = useState<ArtOriginal | null>(null);
  const [loading, setLoading] = useState(false);
  const [inputError, setInputError] = useState<AiFailure | null>(null);
  const loadingRef = useRef(false);
  const originalRef = useRef<ArtOriginal | null>(null);

  const ai = useAiRun<ArtInput, ArtResult>({
    execute: async ({ image }, ctx) => {
      const out = await runArt({ image, apiKey, signal: ctx.signal, onRetryWait: ctx.onRetryWait });
      return { dataUrl: out.dataUrl, local: out.source === "local-engine" };
    },
    copy: () => ({ processing: ART_COPY.processing, success: ART_COPY.success, failure: ART_COPY.failure }),
    // Kept on the device (My Creations) with the picture it refined.
    keep: (result, { image }) => ({
      tool: "art",
      file: result.dataUrl,
      instruction: "",
      original: originalOf(image),
      details: { source: originalRef.current?.source ?? "upload" },
    }),
  });
  const { run, reset: resetRun } = ai;
  const busy = ai.running;

  useEffect(() => () => originalRef.current?.image.release(), []);

  const replaceOriginal = useCallback((next: ArtOriginal | null) => {
    if (originalRef.current && originalRef.current.image !== next?.image) originalRef.current.image.release();
    originalRef.current = next;
    setOriginal(next);
  }, []);

  // A reload shows the last enhanced picture again with its original (kept on the device).
  useRestoreLastCreation(
    "art",
    !original && ai.state.status === "idle" && !loading,
    ({ dataUrl, files, record }) => {
      if (!dataUrl || !files.original) return;
      const source: ArtSource = record.details?.source === "drawing" ? "drawing" : "upload";
      void loadImage(new File([files.original], "original.jpg", { type: files.original.type }))
        .then((image) => {
          if (originalRef.current || loadingRef.current) return image.release();
          replaceOriginal({ image, source });
          ai.restore({ dataUrl, local: false }, { image });
        })
        .catch((error: unknown) => console.warn("Could not show the last artwork again", error));
    },
  );

  /** An upload or a drawing: checked and shown as the original, then enhanced. */
  const start = useCallback(
    async (file: File, source: ArtSource) => {
      if (busy || loadingRef.current) return;
      loadingRef.current = true;
      let image: LoadedImage;
      try {
        const allowance = await check();
        if (!allowance.ok) {
          deny(allowance);
          if (allowance.reason === "error")
            setInputError({ reason: PLAN_CHECK_FAILURE.message, ...PLAN_CHECK_FAILURE });
          return;
        }
        setLoading(true);
        setInputError(null);
        image = await loadImage(file);
      } catch (error) {
        const reason = isImageInputError(error)
          ? error.message
          : source === "drawing"
            ? ART_COPY.fallback
            : "This file could not be opened as an image.";
        setInputError({
          reason,
          message: reason,
          advice: source === "drawing" ? "Try again in a moment." : IMAGE_ADVICE,
        });
        toast.error(reason);
        return;
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
      resetRun();
      replaceOriginal({ image, source });
      if (source === "upload") toast.success("Image uploaded successfully");
      await run({ image });
    },
    [busy, check, deny, replaceOriginal, resetRun, run],
  );

  const selectFile = useCallback((file: File) => start(file, "upload"), [start]);
  const transformDrawing = useCallback(
    (png: Blob) => start(new File([png], "drawing.png", { type: "image/png" }), "drawing"),
    [start],
  );

  const reset = useCallback(() => {
    if (busy) return;
    resetRun();
    setInputError(null);
    replaceOriginal(null);
  }, [busy, replaceOriginal, resetRun]);

  const download = useCallback(() => {
    if (ai.state.result) downloadImage(ai.state.result.dataUrl, getTool("art").downloadName);
  }, [ai.state.result]);

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
    retry: ai.retry,
    cancel: ai.cancel,
    reset,
    download,
  };
}
