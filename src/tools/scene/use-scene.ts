/**
 * Modify Scene's state (SPEC 2.11, 4.7): a base picture, then changes made one at a time on the shared
 * AI run, "Keep editing", "Undo" and the last change shown again after a reload.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { SCENE_POSITIONS, SCENE_TYPES, type ScenePosition, type SceneType } from "@/tools/scene/prompts";
import type { ImageOutput } from "@/config/image-output";
import { outputFeatures, outputOfDetails, useImageOutput } from "@/lib/tool-output";
import { useResultsTool } from "@/hooks/use-tool-results";
import { toastPhotoUploaded } from "@/lib/run-toast";
import { copyPhotoOrigin, keptOption, originalOf, taskOptions, type KeptInputs } from "@/lib/creations";
import { loadImage, pictureBlob, type LoadedImage } from "@/lib/image";
import type { SceneRequest } from "./run-scene";
import { KEEP_EDITING_FAILED, SCENE_MESSAGES, sceneFailureMessage } from "./scene-messages";
import { useSceneImages } from "./use-scene-images";

export type SceneResult = { imageUrl: string; type: SceneType; output?: ImageOutput };
export type SceneForm = {
  type: SceneType;
  description: string;
  position: ScenePosition | null;
};

export const EMPTY_SCENE_FORM: SceneForm = { type: "image", description: "", position: null };

/**
 * "Keep editing" makes a result the next base (each change counts one conversion); "Undo" goes back to
 * the previous base and costs nothing. Files are checked by the shared image pipeline.
 */
export function useScene() {
  /** The bases, oldest first: the uploaded picture, then each result kept for more editing. */
  const [bases, setBases] = useState<LoadedImage[]>([]);
  const [added, setAdded] = useState<LoadedImage | null>(null);
  /** What to add, as the form shows it (a task a gate stopped comes back into it). */
  const [form, setForm] = useState<SceneForm>(EMPTY_SCENE_FORM);

  /** The input of the current or last run (kept in step with the run below). */
  const inputRef = useRef<SceneRequest | null>(null);

  /** Whether the last run still holds a picture ("Try again" sends it again). */
  const isHeld = useCallback((image: LoadedImage) => {
    const input = inputRef.current;
    return Boolean(input && (input.base === image || input.added === image));
  }, []);
  const { loading, imageError, clearImageError, refuse, load, drop, isLoading, adopt } =
    useSceneImages(isHeld);

  // The shape and size of the next change, remembered for this tool (issue 28).
  const [output, setOutput] = useImageOutput("scene");

  const ai = useResultsTool<SceneRequest, SceneResult>("scene", {
    run: async (request, ctx) => {
      const { runScene } = await import("./run-scene.lazy");
      const out = await runScene(request, ctx);
      return { imageUrl: out.imageUrl, type: request.type, output: request.output };
    },
    // "Results: 1 2 3 4": one change may be made several ways at once; one is kept for more editing.
    results: () => true,
    feature: ({ output }) => outputFeatures(output),
    copy: ({ type }) => ({
      processing: SCENE_MESSAGES.processing,
      success: SCENE_MESSAGES.success(type),
      failure: () => SCENE_MESSAGES.toast,
    }),
    // Kept on the device (My Creations) with the picture it changed.
    keep: (result, request) => ({
      file: result.imageUrl,
      instruction: `${request.type}: ${request.description}`,
      original: originalOf(request.base),
      details: { type: request.type, ...request.output },
    }),
    // A reload shows the last change again with the picture it changed (kept on the device).
    restore: {
      untouched: bases.length === 0 && loading === null,
      // A version made by another tool (a Hulk result the scene was made from) shows as an image change.
      result: ({ imageUrl, record }) =>
        record.kind === "image"
          ? {
              imageUrl,
              type: SCENE_TYPES.find((t) => t === record.details?.type) ?? "image",
              output: outputOfDetails(record.details),
            }
          : null,
      show: ({ imageUrl, files, record, tagOriginal }) => {
        const type = SCENE_TYPES.find((t) => t === record.details?.type);
        if (!imageUrl || !files.original || !type) return;
        void loadImage(new File([files.original], "picture.jpg", { type: files.original.type }))
          .then((image) => {
            // Anything the user picked meanwhile wins.
            if (!adopt(image)) return;
            // Results made from the picture shown again are versions of the same photo.
            tagOriginal(image.file);
            setBases([image]);
            restore({ imageUrl, type, output: outputOfDetails(record.details) });
          })
          .catch((error: unknown) => console.warn("Could not show the last change again", error));
      },
    },
    // A gate on the way to Pricing keeps the change asked for: the picture, the picture to add, the
    // words, what kind and where.
    gateTask: (request) => ({
      files: request.added ? [request.base.file, request.added.file] : [request.base.file],
      words: request.description,
      options: taskOptions({ type: request.type, position: request.position }),
    }),
    // A photo handed over (shared into the app, or a result sent on with "Edit with…") is the base;
    // a task a gate stopped comes back whole, to send again.
    incoming: (files: File[], task?: KeptInputs): unknown =>
      task ? takeTask(files, task) : files[0] && selectBase(files[0]),
  });
  const { run, reset: resetRun, restore, tool } = ai;
  useEffect(() => {
    inputRef.current = ai.state.input;
  });
  const busy = ai.running;

  const selectBase = useCallback(
    async (file: File, { uploaded = true }: { uploaded?: boolean } = {}) => {
      if (busy) return;
      const image = await load(file, "base");
      if (!image) return;
      resetRun();
      inputRef.current = null;
      bases.forEach(drop);
      setBases([image]);
      // The toast a run then updates in place (lib/run-toast.ts); not for a task coming back after a
      // gate, which nobody just uploaded (beside "Payment successful!" it would be a second toast).
      if (uploaded) toastPhotoUploaded();
    },
    [bases, busy, drop, load, resetRun],
  );

  /** A task a gate stopped, back on the page: its picture, the picture to add, and the form. */
  async function takeTask([baseFile, addedFile]: File[], task: KeptInputs) {
    const type = keptOption(task, "type", SCENE_TYPES) ?? EMPTY_SCENE_FORM.type;
    setForm({
      type,
      description: task.words ?? "",
      position: keptOption(task, "position", SCENE_POSITIONS) ?? null,
    });
    if (baseFile) await selectBase(baseFile, { uploaded: false });
    if (addedFile && type === "image") {
      const image = await load(addedFile, "added");
      if (image) setAdded(image);
    }
  }

  const selectAdded = useCallback(
    async (file: File) => {
      if (busy) return;
      const image = await load(file, "added");
      if (!image) return;
      drop(added);
      setAdded(image);
    },
    [added, busy, drop, load],
  );

  const removeAdded = useCallback(() => {
    if (busy) return;
    drop(added);
    setAdded(null);
  }, [added, busy, drop]);

  const base = bases.at(-1) ?? null;

  /** Sends one change; validation as SPEC 5 says (the button is disabled in the same cases). */
  const modify = useCallback(
    (form: SceneForm) => {
      if (!base) {
        toast.error(SCENE_MESSAGES.noBase);
        return;
      }
      const description = form.description.trim();
      if (!description) {
        toast.error(SCENE_MESSAGES.noDescription);
        return;
      }
      void run({
        base,
        type: form.type,
        description,
        position: form.position,
        added: form.type === "image" ? added : null,
        output,
      });
    },
    [added, base, output, run],
  );

  /** The result becomes the new base; resolves true when it did. */
  const keepEditing = useCallback(async (): Promise<boolean> => {
    const result = ai.state.result;
    if (!result || busy) return false;
    let file: File;
    try {
      const blob = await pictureBlob(result.imageUrl);
      file = new File([blob], tool.downloadName, { type: blob.type || "image/png" });
      // The next change is made from the same chain of results as this one (a handed-over photo's),
      // and is another version of the same photo.
      if (base) copyPhotoOrigin(originalOf(base)!, file);
    } catch {
      refuse(null, KEEP_EDITING_FAILED);
      return false;
    }
    const image = await load(file, "keep");
    if (!image) return false;
    resetRun();
    setBases((old) => [...old, image]);
    return true;
  }, [ai.state.result, base, busy, load, refuse, resetRun, tool.downloadName]);

  /** Back to the previous base (nothing is sent, nothing counted). */
  const undo = useCallback(() => {
    if (busy || isLoading() || bases.length < 2) return;
    const last = bases.at(-1)!;
    resetRun();
    inputRef.current = null;
    clearImageError();
    setBases(bases.slice(0, -1));
    drop(last);
    toast.info("Back to the previous picture. Nothing was counted.");
  }, [bases, busy, clearImageError, drop, isLoading, resetRun]);

  /** The result is set aside and the form shown again on the same base. */
  const discardResult = useCallback(() => {
    if (!busy) resetRun();
  }, [busy, resetRun]);

  const reset = useCallback(() => {
    if (busy) return;
    resetRun();
    inputRef.current = null;
    clearImageError();
    bases.forEach(drop);
    setBases([]);
    drop(added);
    setAdded(null);
    setForm(EMPTY_SCENE_FORM);
  }, [added, bases, busy, clearImageError, drop, resetRun]);

  const runError = ai.state.error;
  const error = imageError ?? (runError ? { ...runError, message: sceneFailureMessage(runError) } : null);

  return {
    base,
    form,
    setForm,
    /** How many changes the current base already holds (0 for the uploaded picture). */
    step: Math.max(0, bases.length - 1),
    canUndo: bases.length > 1,
    added,
    result: ai.state.status === "running" ? null : ai.state.result,
    error,
    canRetry: Boolean(!imageError && runError && ai.state.input),
    retryWait: ai.state.retryWait,
    processing: busy,
    /** What is being decoded: the base, the picture to add, or a result kept for editing. */
    loading,
    runningType: busy ? (ai.state.input?.type ?? null) : null,
    selectBase,
    selectAdded,
    removeAdded,
    modify,
    /** The shape and size of the next change, and its picker's setter. */
    output,
    setOutput,
    keepEditing,
    undo,
    discardResult,
    retry: ai.retry,
    cancel: ai.cancel,
    reset,
    download: ai.download,
    versions: ai.versions,
    /** Several results of one change (use-tool-results.ts): the picker and the grid read them. */
    results: ai.results,
  };
}
