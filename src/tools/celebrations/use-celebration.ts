/** The Celebration Creator's state: the form, its checks, the run and the result. */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import type { ImageOutput } from "@/config/image-output";
import { CELEBRATION_TYPES, celebrationLabel, type CelebrationType } from "@/tools/celebrations/prompts";
import { getTool } from "@/tools/registry";
import {
  NO_PHOTO_OUTPUT,
  outputFeatures,
  outputOfDetails,
  sizedFileName,
  useImageOutput,
} from "@/lib/tool-output";
import { useResultsTool } from "@/hooks/use-tool-results";
import type { VersionShown } from "@/hooks/use-tool-versions";
import { keptOption, photoOrigin, taskOptions, type KeptInputs } from "@/lib/creations";
import { PLAN_CHECK_FAILURE } from "@/lib/allowance";
import { PART_FAILED_MESSAGE } from "@/components/on-demand";
import type { LoadedImage } from "@/lib/image";

/** SPEC 5 and 8 "Celebration", verbatim. */
export const CELEBRATION_COPY = {
  typeRequired: "Please select a celebration type",
  descriptionRequired: "Please enter a description for your celebration image",
  failed: "Failed to generate celebration image",
  failedToast: "Failed to generate image. Please try again.",
  success: "Celebration image created!",
  downloaded: "Image downloaded successfully!",
} as const;

export type CelebrationInput = {
  type: CelebrationType;
  description: string;
  /** Its shape and size: no photo to keep the shape of, so a ratio always (square by default). */
  output: ImageOutput;
  inspiration: LoadedImage | null;
};

export type CelebrationResult = {
  imageUrl: string;
  type: CelebrationType;
  description: string;
  output: ImageOutput;
};

export type FieldErrors = { type?: string; description?: string };

/** `{type}-celebration.png` (SPEC 9), e.g. birthday-celebration.png. */
export function celebrationFileName(type: CelebrationType): string {
  return `${type}-${getTool("celebrations").downloadName}`;
}

/** A kept celebration image as the page shows it; null for a creation that is not one. */
function celebrationOf({ imageUrl, record }: VersionShown): CelebrationResult | null {
  const kept = record.details;
  const type = CELEBRATION_TYPES.find((t) => t.value === kept?.type)?.value;
  if (record.tool !== "celebrations" || !type || kept?.description === undefined) return null;
  return { imageUrl, type, description: kept.description, output: outputOfDetails(kept) ?? NO_PHOTO_OUTPUT };
}

/**
 * Celebration Creator (SPEC 2.13, 4.7): a form state (type, description, aspect ratio, optional
 * inspiration image) and a result state, on the shared AI run. Validation, a refused file, a failure
 * and a cancel keep everything typed and chosen and count nothing.
 */
export function useCelebration() {
  const [type, setTypeState] = useState<CelebrationType | "">("");
  const [description, setDescriptionState] = useState("");
  // The shape and size, remembered for this tool (issue 28); no "Same as photo" (there is no photo).
  const [output, setOutput] = useImageOutput("celebrations", { photo: false });
  const [inspiration, setInspiration] = useState<LoadedImage | null>(null);
  const [inspirationLoading, setInspirationLoading] = useState(false);
  const [inspirationError, setInspirationError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const inspirationRef = useRef<LoadedImage | null>(null);
  const loadToken = useRef(0);
  /** A photo was handed to the page: the last celebration is no longer shown again over it. */
  const [handedOver, setHandedOver] = useState(false);
  const handedOverRef = useRef(false);

  const ai = useResultsTool<CelebrationInput, CelebrationResult>("celebrations", {
    run: async (input, ctx) => {
      const { runCelebration } = await import("./use-celebration.lazy");
      const out = await runCelebration(input, ctx);
      return {
        imageUrl: out.imageUrl,
        type: input.type,
        description: input.description,
        output: input.output,
      };
    },
    // "Results: 1 2 3 4": one occasion may be drawn several ways at once.
    results: () => true,
    feature: ({ output }) => outputFeatures(output),
    copy: () => ({
      success: CELEBRATION_COPY.success,
      failure: () => CELEBRATION_COPY.failedToast,
    }),
    // Kept on the device (My Creations), named as its download is.
    keep: (result, input) => {
      // An inspiration image that was a result itself ("Edit with…") makes this one part of its chain.
      const from = photoOrigin(input.inspiration?.file);
      return {
        file: result.imageUrl,
        fileName: celebrationFileName(result.type),
        instruction: `${celebrationLabel(result.type)}: ${result.description}`,
        details: { type: result.type, description: result.description, ...result.output },
        ...(from ? { from } : {}),
      };
    },
    // A reload shows the last celebration image again (kept on the device), unless a photo was handed over.
    restore: {
      untouched: !handedOver,
      show: (creation) => {
        const kept = creation.imageUrl ? celebrationOf({ ...creation, imageUrl: creation.imageUrl }) : null;
        if (kept && !handedOverRef.current) restore(kept);
      },
      result: celebrationOf,
    },
    // A gate on the way to Pricing keeps the whole form: type, description, inspiration image (the
    // shape and size are remembered for the tool).
    gateTask: (input) => ({
      files: input.inspiration ? [input.inspiration.file] : [],
      words: input.description,
      options: taskOptions({ type: input.type }),
    }),
    // A photo handed over (shared into the app, or a result sent on with "Edit with…") is the
    // inspiration image, picked as the field picks one; a result on show gives way to the form. A task
    // a gate stopped fills the form again as it was, to send.
    incoming: (files: File[], task?: KeptInputs): unknown => {
      if (task) fillForm(task);
      return files[0] ? takeHandedOver(files[0]) : task && takeHandedOver(null);
    },
    download: (result) => ({
      file: result.imageUrl,
      name: sizedFileName(celebrationFileName(result.type), result.output),
    }),
  });
  const { run, reset: resetRun, restore } = ai;
  const busy = ai.running;

  const replaceInspiration = useCallback((image: LoadedImage | null) => {
    if (inspirationRef.current !== image) inspirationRef.current?.release();
    inspirationRef.current = image;
    setInspiration(image);
  }, []);

  // Leaving the page frees the inspiration image (the shared flow cancels what is running); a file
  // still loading is dropped.
  useEffect(
    () => () => {
      loadToken.current += 1;
      inspirationRef.current?.release();
    },
    [],
  );

  const setType = useCallback((value: CelebrationType) => {
    setTypeState(value);
    setFieldErrors((e) => (e.type ? { ...e, type: undefined } : e));
  }, []);

  const setDescription = useCallback((value: string) => {
    setDescriptionState(value);
    setFieldErrors((e) => (e.description && value.trim() ? { ...e, description: undefined } : e));
  }, []);

  /** An inspiration image: checked and decoded by the image pipeline; a bad file keeps the form. */
  const pickInspiration = useCallback(
    async (file: File) => {
      if (busy) return;
      const token = ++loadToken.current;
      setInspirationLoading(true);
      setInspirationError(null);
      // The image pipeline comes with the first picture (inspiration.lazy.ts).
      const opened = await import("./inspiration.lazy").then(
        ({ openInspiration }) => openInspiration(file),
        () => ({ message: PART_FAILED_MESSAGE }),
      );
      if (token !== loadToken.current) {
        if ("image" in opened) opened.image.release();
        return;
      }
      setInspirationLoading(false);
      // Said once, under the field (no toast): what is wrong with the file and what to do.
      if ("image" in opened) replaceInspiration(opened.image);
      else setInspirationError(opened.message);
    },
    [busy, replaceInspiration],
  );

  const takeHandedOver = useCallback(
    (file: File | null) => {
      if (busy) return;
      handedOverRef.current = true;
      setHandedOver(true);
      resetRun();
      return file ? pickInspiration(file) : undefined;
    },
    [busy, pickInspiration, resetRun],
  );

  /** The form as a task a gate stopped had it. */
  const fillForm = useCallback((task: KeptInputs) => {
    const kept = keptOption(
      task,
      "type",
      CELEBRATION_TYPES.map((t) => t.value),
    );
    if (kept) setTypeState(kept);
    setDescriptionState(task.words ?? "");
    setFieldErrors({});
  }, []);

  const removeInspiration = useCallback(() => {
    if (busy) return;
    loadToken.current += 1;
    setInspirationLoading(false);
    setInspirationError(null);
    replaceInspiration(null);
  }, [busy, replaceInspiration]);

  /** Checks the form (SPEC 5) and runs; returns the field errors found (none when it ran). */
  const generate = useCallback((): FieldErrors => {
    if (busy || inspirationLoading) return {};
    const errors: FieldErrors = {};
    if (!type) errors.type = CELEBRATION_COPY.typeRequired;
    if (!description.trim()) errors.description = CELEBRATION_COPY.descriptionRequired;
    setFieldErrors(errors);
    // Said once, under each field (the page focuses the first): no toast repeats it (issue 27 §4).
    if (errors.type || errors.description || !type) return errors;
    void run({ type, description: description.trim(), output, inspiration });
    return {};
  }, [output, busy, description, inspiration, inspirationLoading, run, type]);

  /** "Create Another Image" (SPEC 4.7): clears the result, the inspiration image and the description. */
  const createAnother = useCallback(() => {
    if (busy) return;
    resetRun();
    loadToken.current += 1;
    setInspirationLoading(false);
    setInspirationError(null);
    replaceInspiration(null);
    setDescriptionState("");
    setFieldErrors({});
  }, [busy, replaceInspiration, resetRun]);

  const result = ai.state.result;
  const { download: save } = ai;
  const download = useCallback(() => {
    if (!result) return;
    save();
    toast.success(CELEBRATION_COPY.downloaded);
  }, [result, save]);

  const failure = ai.state.error;
  const error = failure
    ? {
        message:
          failure.reason === PLAN_CHECK_FAILURE.message
            ? failure.reason
            : `${CELEBRATION_COPY.failed}: ${failure.reason}`,
        advice: failure.advice,
      }
    : null;

  return {
    form: { type, description, output, inspiration, inspirationLoading, inspirationError, fieldErrors },
    result,
    resultLabel: result ? celebrationLabel(result.type) : null,
    versions: ai.versions,
    /** Several images of one run (use-tool-results.ts): the picker and the grid read them. */
    results: ai.results,
    /** What Download all names them after: the occasion of the run ("birthday-celebration-1.png"). */
    resultsName: celebrationFileName(ai.state.input?.type ?? result?.type ?? (type || "birthday")),
    error,
    processing: busy,
    retryWait: ai.state.retryWait,
    setType,
    setDescription,
    setOutput,
    pickInspiration,
    removeInspiration,
    generate,
    cancel: ai.cancel,
    createAnother,
    download,
  };
}
