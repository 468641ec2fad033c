/**
 * Modify Scene's state (SPEC 2.11, 4.7): a base picture, then changes made one at a time on the shared
 * AI run, "Keep editing", "Undo" and the last change shown again after a reload.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { SCENE_TYPES, type ScenePosition, type SceneType } from "@/config/prompts";
import { getTool } from "@/config/tools";
import {
  copyPhotoOrigin,
  originalOf,
  registerKept,
  useIncomingPhotos,
  useRestoreLastCreation,
} from "@/lib/creations";
import { useAiRun } from "@/hooks/use-ai-run";
import { useApiKey } from "@/lib/api-key";
import { dataUrlToBlob, downloadImage, loadImage, type LoadedImage } from "@/lib/image";
import { runScene, type SceneRequest } from "./run-scene";
import { KEEP_EDITING_FAILED, SCENE_MESSAGES, sceneFailureMessage } from "./scene-messages";
import { useSceneImages } from "./use-scene-images";

export type SceneResult = { dataUrl: string; type: SceneType; local: boolean };
export type SceneForm = {
  type: SceneType;
  description: string;
  position: ScenePosition | null;
};

/**
 * "Keep editing" makes a result the next base (each change counts one conversion); "Undo" goes back to
 * the previous base and costs nothing. Files are checked by the shared image pipeline.
 */
export function useScene() {
  const apiKey = useApiKey();
  const tool = getTool("scene");
  /** The bases, oldest first: the uploaded picture, then each result kept for more editing. */
  const [bases, setBases] = useState<LoadedImage[]>([]);
  const [added, setAdded] = useState<LoadedImage | null>(null);

  const ai = useAiRun<SceneRequest, SceneResult>({
    execute: async (request, ctx) => {
      const out = await runScene(request, { apiKey, signal: ctx.signal, onRetryWait: ctx.onRetryWait });
      return { dataUrl: out.dataUrl, type: request.type, local: out.source === "local-engine" };
    },
    copy: ({ type }) => ({
      processing: SCENE_MESSAGES.processing,
      success: SCENE_MESSAGES.success(type),
      failure: () => SCENE_MESSAGES.toast,
    }),
    // Kept on the device (My Creations) with the picture it changed.
    keep: (result, request) => ({
      tool: "scene",
      file: result.dataUrl,
      instruction: `${request.type}: ${request.description}`,
      original: originalOf(request.base),
      details: { type: request.type },
    }),
  });
  const { run, reset: resetRun } = ai;
  const busy = ai.running;
  const inputRef = useRef(ai.state.input);
  useEffect(() => {
    inputRef.current = ai.state.input;
  });

  /** Whether the last run still holds a picture ("Try again" sends it again). */
  const isHeld = useCallback((image: LoadedImage) => {
    const input = inputRef.current;
    return Boolean(input && (input.base === image || input.added === image));
  }, []);
  const { loading, imageError, clearImageError, refuse, load, drop, isLoading, adopt } =
    useSceneImages(isHeld);

  // A reload shows the last change again with the picture it changed (kept on the device).
  useRestoreLastCreation(
    "scene",
    bases.length === 0 && ai.state.status === "idle" && loading === null,
    ({ dataUrl, files, record, tagOriginal }) => {
      const type = SCENE_TYPES.find((t) => t === record.details?.type);
      if (!dataUrl || !files.original || !type) return;
      // "Edit with…" from the change shown again starts its chain at this creation.
      registerKept(dataUrl, Promise.resolve(record));
      void loadImage(new File([files.original], "picture.jpg", { type: files.original.type }))
        .then((image) => {
          // Anything the user picked meanwhile wins.
          if (!adopt(image)) return;
          tagOriginal(image.file);
          setBases([image]);
          ai.restore({ dataUrl, type, local: false });
        })
        .catch((error: unknown) => console.warn("Could not show the last change again", error));
    },
  );

  const selectBase = useCallback(
    async (file: File) => {
      if (busy) return;
      const image = await load(file, "base");
      if (!image) return;
      resetRun();
      inputRef.current = null;
      bases.forEach(drop);
      setBases([image]);
      // The same toast as the other tools' uploads (hooks/use-tool-photo.ts toastPhotoUploaded), written
      // here so Modify Scene does not load that module with its page.
      toast.success("Image uploaded successfully", { id: "photo-uploaded" });
    },
    [bases, busy, drop, load, resetRun],
  );

  // A photo handed over (shared into the app, or a result sent on with "Edit with…") is the base.
  useIncomingPhotos((files) => (files[0] ? selectBase(files[0]) : undefined));

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
      });
    },
    [added, base, run],
  );

  /** The result becomes the new base; resolves true when it did. */
  const keepEditing = useCallback(async (): Promise<boolean> => {
    const result = ai.state.result;
    if (!result || busy) return false;
    let file: File;
    try {
      const blob = dataUrlToBlob(result.dataUrl);
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
  }, [added, bases, busy, clearImageError, drop, resetRun]);

  const download = useCallback(() => {
    if (ai.state.result) downloadImage(ai.state.result.dataUrl, tool.downloadName);
  }, [ai.state.result, tool.downloadName]);

  const runError = ai.state.error;
  const error = imageError ?? (runError ? { ...runError, message: sceneFailureMessage(runError) } : null);

  return {
    base,
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
    keepEditing,
    undo,
    discardResult,
    retry: ai.retry,
    cancel: ai.cancel,
    reset,
    download,
  };
}
