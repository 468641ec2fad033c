import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { Variant } from "@/config/variants";
import { useAiRun, type AiFailure } from "@/hooks/use-ai-run";
import { useAllowance } from "@/hooks/use-allowance";
import { blobToDataUrl, originalOf, useLastCreation } from "@/hooks/keep-creation";
import { PLAN_CHECK_FAILURE } from "@/lib/allowance";
import { useApiKey } from "@/lib/api-key";
import { downloadImage, isImageInputError, loadImage, type LoadedImage } from "@/lib/image";
import { runConversion, type Operation } from "./run-conversion";

export type ConversionInput = { operation: Operation; image: LoadedImage };

export type ConversionResult = {
  dataUrl: string;
  text?: string;
  /** The instruction of this result without any recreate suffix (what "Try Another Version" builds on). */
  prompt: string;
  local: boolean;
  /** Shown again from the device after a reload (not a fresh result). */
  restored?: boolean;
};

const IMAGE_ADVICE = "Choose a photo in JPG, PNG, WEBP, GIF or HEIC format.";

function copyFor(variant: Variant, operation: Operation) {
  const failure = (reason: string) => `Failed to process image: ${reason}`;
  switch (operation.kind) {
    case "recreate":
      return { processing: variant.toasts.recreating, success: variant.toasts.recreated, failure };
    case "custom":
      return {
        processing: "Processing your custom transformation...",
        success: "Image transformed successfully!",
        failure,
      };
    case "first":
      return { processing: variant.toasts.processing, success: variant.toasts.success, failure };
  }
}

/**
 * The style tools' flow (SPEC 4.1) on the shared AI run: pick a photo (checked, oriented, shown),
 * convert it, recreate or transform it with a custom prompt. Cancel and errors count nothing and keep
 * the photo.
 */
export function useConversion(variant: Variant) {
  const apiKey = useApiKey();
  const { check, deny } = useAllowance();
  const [original, setOriginal] = useState<LoadedImage | null>(null);
  const [loading, setLoading] = useState(false);
  const [imageError, setImageError] = useState<AiFailure | null>(null);
  const loadingRef = useRef(false);
  const originalRef = useRef<LoadedImage | null>(null);

  const ai = useAiRun<ConversionInput, ConversionResult>({
    execute: async ({ operation, image }, ctx) => {
      const out = await runConversion({
        variant,
        image,
        operation,
        apiKey,
        signal: ctx.signal,
        onRetryWait: ctx.onRetryWait,
      });
      return {
        dataUrl: out.dataUrl,
        text: out.text,
        prompt: operation.kind === "recreate" ? operation.lastPrompt : out.prompt,
        local: out.source === "local-engine",
      };
    },
    copy: ({ operation }) => copyFor(variant, operation),
    feature: ({ operation }) =>
      operation.kind === "recreate" ? "multipleVersions" : operation.kind === "custom" ? "custom" : undefined,
    // Every result is kept on the device: first conversions, custom transformations, recreated versions.
    keep: (result, { operation, image }) => ({
      tool: variant.id,
      file: result.dataUrl,
      instruction: operation.kind === "custom" ? operation.userPrompt : result.prompt,
      prompt: result.prompt,
      original: originalOf(image),
    }),
  });
  const { run, reset: resetRun, restore } = ai;
  const busy = ai.running;

  // Leaving the page frees the photo's memory (the shared flow cancels what is running).
  useEffect(() => () => originalRef.current?.release(), []);

  const replaceOriginal = useCallback((image: LoadedImage | null) => {
    if (originalRef.current !== image) originalRef.current?.release();
    originalRef.current = image;
    setOriginal(image);
  }, []);

  // A reload (or a later visit) shows the last result again, with its original and its actions.
  const last = useLastCreation(variant.id);
  // Only until the user does something themselves: after that the page is theirs.
  const mayRestore = useRef(true);
  const untouched = !original && ai.state.status === "idle" && !loading;
  useEffect(() => {
    const creation = last.creation;
    if (!creation || !untouched || !mayRestore.current) return;
    const { record, files } = creation;
    if (!files.original || record.kind !== "image") return;
    mayRestore.current = false;
    let active = true;
    const originalFile = new File([files.original], "original.jpg", { type: files.original.type });
    Promise.all([loadImage(originalFile), blobToDataUrl(files.file)])
      .then(([image, dataUrl]) => {
        // The user started something of their own meanwhile: theirs wins.
        if (!active || originalRef.current || loadingRef.current) {
          image.release();
          return;
        }
        replaceOriginal(image);
        const prompt = record.prompt ?? record.instruction;
        restore({ dataUrl, prompt, local: false, restored: true }, { operation: { kind: "first" }, image });
      })
      .catch((error: unknown) => console.warn("Could not show the last result again", error));
    return () => {
      active = false;
    };
  }, [last.creation, untouched, replaceOriginal, restore]);

  /** A new photo: validated and shown first, then converted. A refused file counts nothing. */
  const selectFile = useCallback(
    async (file: File, options: { convert?: boolean; toast?: string } = {}) => {
      if (busy || loadingRef.current) return;
      loadingRef.current = true;
      mayRestore.current = false;
      let image: LoadedImage;
      try {
        // SPEC 4.1: the upload first checks the limit.
        const allowance = await check();
        if (!allowance.ok) {
          deny(allowance);
          if (allowance.reason === "error")
            setImageError({ reason: PLAN_CHECK_FAILURE.message, ...PLAN_CHECK_FAILURE });
          return;
        }
        setLoading(true);
        setImageError(null);
        image = await loadImage(file);
      } catch (error) {
        const message = isImageInputError(error)
          ? error.message
          : "This file could not be opened as an image.";
        setImageError({ reason: message, message, advice: IMAGE_ADVICE });
        toast.error(message);
        return;
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
      resetRun();
      replaceOriginal(image);
      toast.success(options.toast ?? "Image uploaded successfully");
      if (options.convert !== false) await run({ operation: { kind: "first" }, image });
    },
    [busy, check, deny, replaceOriginal, resetRun, run],
  );

  const lastPrompt = ai.state.result?.prompt ?? null;

  const recreate = useCallback(() => {
    if (original && lastPrompt) void run({ operation: { kind: "recreate", lastPrompt }, image: original });
  }, [lastPrompt, original, run]);

  const custom = useCallback(
    (userPrompt: string) => {
      if (original) void run({ operation: { kind: "custom", userPrompt }, image: original });
    },
    [original, run],
  );

  const reset = useCallback(() => {
    if (busy) return;
    resetRun();
    setImageError(null);
    replaceOriginal(null);
  }, [busy, replaceOriginal, resetRun]);

  const download = useCallback(() => {
    if (ai.state.result) downloadImage(ai.state.result.dataUrl, variant.downloadName);
  }, [ai.state.result, variant.downloadName]);

  const error = imageError ?? ai.state.error;
  return {
    original,
    result: ai.state.result,
    error,
    /** "Try again" is offered for a failed run on the current photo (not for a refused file). */
    canRetry: Boolean(!imageError && ai.state.error && original && ai.state.input),
    retryWait: ai.state.retryWait,
    operation: busy ? (ai.state.input?.operation.kind ?? null) : null,
    processing: busy,
    loading,
    selectFile,
    recreate,
    custom,
    retry: ai.retry,
    cancel: ai.cancel,
    reset,
    download,
  };
}
