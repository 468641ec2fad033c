/** The style tools' flow on the shared AI run: pick a photo, convert it, recreate it, transform it. */
import { useCallback, useState } from "react";
import { toast } from "sonner";
import type { ImageOutput } from "@/config/image-output";
import type { Variant } from "@/config/variants";
import { outputFeatures, outputOfDetails, useImageOutput } from "@/lib/tool-output";
import { useRemainingConversions } from "@/hooks/use-remaining";
import { useResultsTool } from "@/hooks/use-tool-results";
import { ORIGINAL_VERSION } from "@/hooks/use-tool-versions";
import { useToolPhoto, toastPhotoUploaded } from "@/hooks/use-tool-photo";
import { originalOf } from "@/lib/creations";
import type { LoadedImage } from "@/lib/image";
import type { Operation } from "./run-conversion";

/**
 * What one run of a style tool works on: the operation, the photo, and the area to change (issue 29 §1:
 * white on black; none, the whole photo).
 */
export type ConversionRunInput = {
  operation: Operation;
  image: LoadedImage;
  output: ImageOutput;
  area?: Blob;
  /** Further photos of a custom transformation (issue 29 §2), in order. */
  extras?: readonly LoadedImage[];
};

export type ConversionResult = {
  imageUrl: string;
  text?: string;
  /** The instruction of this result without any recreate suffix (what "Try Another Version" builds on). */
  prompt: string;
  /** The shape and size it was asked at (a result kept before sizes were chosen: unknown). */
  output?: ImageOutput;
};

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
  const photo = useToolPhoto();
  const remaining = useRemainingConversions();
  const { photo: original, loading, error: imageError } = photo;
  // A reload (or a later visit) shows the last result again, with its original and its actions; only
  // until the user does something themselves (a file picked, even one refused): then the page is theirs.
  const [touched, setTouched] = useState(false);
  // Words of a custom transformation brought back after a gate (Convert Anything opens with them).
  const [draft, setDraft] = useState<string | null>(null);
  const { restore: restorePhoto, replace: replaceOriginal } = photo;
  // The shape and size of the next result, remembered for this style (issue 28).
  const [output, setOutput] = useImageOutput(variant.id);
  // The area of the photo to change (issue 29 §1), chosen in the mask editor; a new photo has none.
  const [area, setArea] = useState<Blob | null>(null);
  // Convert Anything's further photos (issue 29 §2), in order (added, moved, removed in its dialog).
  const [extras, setExtras] = useState<readonly LoadedImage[]>([]);
  // The area of a version chosen on the strip (or shown again after a reload), by its picture.
  const [versionArea, setVersionArea] = useState<{ of: string; area: Blob | null } | null>(null);

  const ai = useResultsTool<ConversionRunInput, ConversionResult>(variant.id, {
    run: async ({ operation, image, output, area, extras }, ctx) => {
      const { runConversion } = await import("./run-conversion.lazy");
      const out = await runConversion({ variant, image, operation, output, area, extras }, ctx);
      return {
        imageUrl: out.imageUrl,
        text: out.text,
        prompt: operation.kind === "recreate" ? operation.lastPrompt : out.prompt,
        output,
      };
    },
    copy: ({ operation }) => copyFor(variant, operation),
    // "Results: 1 2 3 4": a conversion, another version and a custom transformation may each make several.
    results: () => true,
    // The operation's gate and the size's (2K, 4K): the first the plan lacks is said.
    feature: ({ operation, output }) =>
      outputFeatures(
        output,
        operation.kind === "recreate"
          ? "multipleVersions"
          : operation.kind === "custom"
            ? "custom"
            : undefined,
      ),
    // Every result is kept on the device: first conversions, custom transformations, recreated versions.
    keep: (result, { operation, image, output, area, extras }) => ({
      file: result.imageUrl,
      instruction: operation.kind === "custom" ? operation.userPrompt : result.prompt,
      prompt: result.prompt,
      original: originalOf(image),
      details: {
        ...output,
        ...(area ? { area: "yes" } : {}),
        ...(extras?.length ? { photos: String(extras.length + 1) } : {}),
      },
      ...(area ? { area } : {}),
      ...(extras?.length ? { references: extras.map((extra) => originalOf(extra)) } : {}),
    }),
    restore: {
      untouched: !touched && !original && !loading,
      result: ({ imageUrl, record, files }) => {
        if (record.kind !== "image") return null;
        // A version made in an area shows it, and Try Another Version changes it again (issue 29 §1).
        setVersionArea({ of: imageUrl, area: files.area ?? null });
        if (files.area) setArea(files.area);
        return {
          imageUrl,
          prompt: record.prompt ?? record.instruction,
          output: outputOfDetails(record.details),
        };
      },
      show: ({ imageUrl, record, files, tagOriginal }) => {
        if (!imageUrl || !files.original || record.kind !== "image") return;
        void restorePhoto(files.original)
          .then((image) => {
            if (!image) return;
            // Results made from the photo shown again are versions of the same photo.
            tagOriginal(image.file);
            const prompt = record.prompt ?? record.instruction;
            const made = outputOfDetails(record.details);
            restore(
              { imageUrl, prompt, output: made },
              {
                operation: { kind: "first" },
                image,
                output: made ?? output,
                ...(files.area ? { area: files.area } : {}),
              },
            );
            if (files.area) setArea(files.area);
          })
          .catch((error: unknown) => console.warn("Could not show the last result again", error));
      },
    },
    // A gate on the way to Pricing keeps the photo and, for Convert Anything, the words typed.
    gateTask: ({ operation, image }) => ({
      files: [image.file],
      ...(operation.kind === "custom" ? { words: operation.userPrompt } : {}),
    }),
    // A photo handed over (shared into the app, or a result sent on with "Edit with…") is an upload.
    // A custom transformation a gate stopped comes back as it was: the photo and the words, to send.
    // Showing it costs nothing: with no conversions left (back from Pricing without paying) the photo
    // waits on the page, unconverted, instead of being sent to Pricing again.
    incoming: (files: File[], task): unknown => {
      if (!files[0]) return undefined;
      if (!task) return selectFile(files[0]);
      if (task.words) setDraft(task.words);
      const wait = Boolean(task.words) || (remaining.status === "ready" && remaining.current === 0);
      return selectFile(files[0], wait ? { convert: false, checkAllowance: false } : {});
    },
  });
  const { run, reset: resetRun, restore } = ai;
  const busy = ai.running;

  /** A new photo: validated and shown first, then converted. A refused file counts nothing. */
  const { load } = photo;
  const selectFile = useCallback(
    async (file: File, options: { convert?: boolean; checkAllowance?: boolean; toast?: string } = {}) => {
      if (busy) return;
      setTouched(true);
      // SPEC 4.1: the upload first checks the limit (a photo a gate kept only comes back to the page).
      const image = await load(file, { checkAllowance: options.checkAllowance !== false });
      if (!image) return;
      resetRun();
      replaceOriginal(image);
      setArea(null);
      toastPhotoUploaded(options.toast);
      if (options.convert !== false) await run({ operation: { kind: "first" }, image, output });
    },
    [busy, load, output, replaceOriginal, resetRun, run],
  );

  const lastPrompt = ai.state.result?.prompt ?? null;

  // Another version of a region edit changes the same area (issue 29 §1).
  const shownUrl = ai.state.result?.imageUrl;
  const lastArea =
    versionArea && versionArea.of === shownUrl ? versionArea.area : (ai.state.input?.area ?? null);
  // ... and of a custom transformation made with more photos, the same photos.
  const lastExtras = versionArea && versionArea.of === shownUrl ? undefined : ai.state.input?.extras;
  const recreate = useCallback(() => {
    if (original && lastPrompt)
      void run({
        operation: { kind: "recreate", lastPrompt },
        image: original,
        output,
        ...(lastArea ? { area: lastArea } : {}),
        ...(lastExtras?.length ? { extras: lastExtras } : {}),
      });
  }, [lastArea, lastExtras, lastPrompt, original, output, run]);

  /** The style on the area chosen (issue 29 §1): the rest of the photo stays as it is. */
  const convertArea = useCallback(() => {
    if (original && area && !busy) void run({ operation: { kind: "first" }, image: original, output, area });
  }, [area, busy, original, output, run]);

  // Convert Anything continues from the version chosen on the strip (issue 26): the picture shown for it
  // (a version, or the group's original) is what is transformed, and becomes the page's photo. Without a
  // strip, the page's photo is.
  const shown = ai.versions?.shown ?? null;
  const chosenUrl = shown ? (ai.state.result?.imageUrl ?? null) : null;
  const chosenGroup = shown?.photo ?? null;
  const chosenVersion = shown && chosenUrl && shown.id !== ORIGINAL_VERSION ? shown.id : null;

  const custom = useCallback(
    (userPrompt: string) => {
      if (!original || busy) return;
      const operation = { kind: "custom", userPrompt } as const;
      const within = { ...(area ? { area } : {}), ...(extras.length ? { extras } : {}) };
      if (!chosenUrl || !chosenGroup) return void run({ operation, image: original, output, ...within });
      void import("./chosen-version.lazy")
        .then(({ chosenPhoto }) => chosenPhoto(chosenUrl, chosenGroup, variant.downloadName))
        .then(
          (image) => {
            replaceOriginal(image);
            return run({ operation, image, output, ...within });
          },
          (error: unknown) => {
            console.warn("Could not read the version chosen", error);
            toast.error("Could not read the version chosen. Nothing was sent or counted.");
          },
        );
    },
    [
      area,
      busy,
      chosenGroup,
      chosenUrl,
      extras,
      original,
      output,
      replaceOriginal,
      run,
      variant.downloadName,
    ],
  );

  const { clear } = photo;
  const reset = useCallback(() => {
    if (busy) return;
    resetRun();
    clear();
    setArea(null);
    setExtras([]);
  }, [busy, clear, resetRun]);

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
    /** Convert Anything's further photos (issue 29 §2): the dialog's MorePhotos. */
    more: { photos: extras, onChange: setExtras },
    /** The area to change (issue 29 §1), its setter, and the style on it. */
    area,
    setArea,
    convertArea,
    /** The words of a custom transformation a gate stopped, brought back to be sent (else null). */
    draft,
    /**
     * What a custom transformation transforms: the picture chosen on the strip, else the photo, and the
     * version it is (null: the photo, or the strip's original).
     */
    customSource: original
      ? {
          src: chosenUrl ?? original.previewUrl,
          version: chosenVersion && chosenGroup ? { id: chosenVersion, photo: chosenGroup } : null,
        }
      : null,
    /** The shape and size of the next result, and its picker's setter. */
    output,
    setOutput,
    retry: ai.retry,
    cancel: ai.cancel,
    reset,
    download: ai.download,
    versions: ai.versions,
    results: ai.results,
  };
}
