/** The one photo a single-image tool works on: read, checked, shown, released, refused with a message. */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AiFailure } from "@/hooks/use-ai-run";
import { useAllowance } from "@/hooks/use-allowance";
import { planCheckFailure } from "@/lib/allowance";
import type { KeptInputs } from "@/lib/creations";
import { IMAGE_ADVICE, isImageInputError, loadImage, type LoadedImage } from "@/lib/image";

export { IMAGE_ADVICE };
export { PHOTO_UPLOADED, toastPhotoUploaded } from "@/lib/run-toast";
export const UNREADABLE_FILE = "This file could not be opened as an image.";

export type LoadPhotoOptions = {
  /** Check the allowance before the file is read (SPEC 4.1: the upload first checks the limit). */
  checkAllowance?: boolean;
  /** The message when the file is refused for a reason the pipeline does not name. */
  fallback?: string;
  /** The advice under a refused file the pipeline does not name (it names its own: lib/image/errors.ts). */
  advice?: string;
  /** What else of the task a gate keeps with the file (its words and options). */
  task?: KeptInputs;
};

/**
 * The photo a tool works on (docs/architecture.md "AI tools", the tool's photo): read through the shared image pipeline,
 * shown at once, released when replaced or when the page goes; a refused file gets its own message
 * and counts nothing. One place for what every single-photo tool did by hand.
 */
export function useToolPhoto() {
  const { check, deny } = useAllowance();
  const [photo, setPhoto] = useState<LoadedImage | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<AiFailure | null>(null);
  const photoRef = useRef<LoadedImage | null>(null);
  const loadingRef = useRef(false);

  // Leaving the page frees the photo's memory.
  useEffect(() => () => photoRef.current?.release(), []);

  /** Show `image` as the photo (null clears it); the one it replaces is released. */
  const replace = useCallback((image: LoadedImage | null) => {
    if (photoRef.current !== image) photoRef.current?.release();
    photoRef.current = image;
    setPhoto(image);
  }, []);

  /**
   * Read a picked, dropped or drawn file. Resolves with the photo (not yet shown: call `replace`),
   * or null when it was refused, the allowance said no, or another file is being read.
   */
  const load = useCallback(
    async (file: File, options: LoadPhotoOptions = {}): Promise<LoadedImage | null> => {
      if (loadingRef.current) return null;
      loadingRef.current = true;
      try {
        if (options.checkAllowance) {
          const allowance = await check();
          if (!allowance.ok) {
            // A gate on the way to Pricing keeps the photo: paying brings it back to this tool.
            deny(allowance, () => ({ ...options.task, files: [file] }));
            if (allowance.reason === "error") setError(planCheckFailure());
            return null;
          }
        }
        setLoading(true);
        setError(null);
        return await loadImage(file);
      } catch (e) {
        // Said once, in the page's banner (no toast): what is wrong with the file, and one advice.
        const named = isImageInputError(e);
        const message = named ? e.message : (options.fallback ?? UNREADABLE_FILE);
        const advice = named ? e.advice : (options.advice ?? IMAGE_ADVICE);
        setError({ reason: message, message, advice });
        return null;
      } finally {
        loadingRef.current = false;
        setLoading(false);
      }
    },
    [check, deny],
  );

  /**
   * A photo kept on the device (My Creations) shown again after a reload, unless the user has started
   * something of their own meanwhile: theirs wins. Resolves with the photo shown, or null.
   */
  const restore = useCallback(
    async (blob: Blob, name = "original.jpg"): Promise<LoadedImage | null> => {
      const image = await loadImage(new File([blob], name, { type: blob.type }));
      if (photoRef.current || loadingRef.current) {
        image.release();
        return null;
      }
      replace(image);
      return image;
    },
    [replace],
  );

  /** No photo and no refusal: back to the empty upload. */
  const clear = useCallback(() => {
    setError(null);
    replace(null);
  }, [replace]);

  return {
    photo,
    loading,
    error,
    load,
    replace,
    restore,
    clear,
    /** True while a file is being read (a ref: safe inside callbacks). */
    isLoading: () => loadingRef.current,
    /** The photo now (a ref: safe inside callbacks). */
    current: () => photoRef.current,
  };
}
