/**
 * The pictures Modify Scene decodes (the bases, the picture to add, a result kept for editing): one
 * decode at a time through the shared image pipeline, a refused file said plainly, and every picture
 * freed when it is dropped or the page goes away, unless the last run still holds it.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AiFailure } from "@/hooks/use-ai-run";
import { loadImage, type LoadedImage } from "@/lib/image";
import { imageFailure, KEEP_EDITING_FAILED, NOT_AN_IMAGE } from "./scene-messages";

/** What is being decoded: the base, the picture to add, or a result kept for editing. */
export type SceneLoading = "base" | "added" | "keep";

/** `isHeld` says whether the last run still holds a picture ("Try again" sends it again). */
export function useSceneImages(isHeld: (image: LoadedImage) => boolean) {
  const [loading, setLoading] = useState<SceneLoading | null>(null);
  const [imageError, setImageError] = useState<AiFailure | null>(null);
  const loadingRef = useRef(false);
  /** Every picture this page decoded, freed when the page goes away. */
  const pool = useRef(new Set<LoadedImage>());

  useEffect(() => {
    const images = pool.current;
    return () => {
      for (const image of images) image.release();
      images.clear();
    };
  }, []);

  /** Frees a picture now unless the last run still holds it. */
  const drop = useCallback(
    (image: LoadedImage | null) => {
      if (!image || isHeld(image)) return;
      image.release();
      pool.current.delete(image);
    },
    [isHeld],
  );

  /** Shows why a picture could not be used, once: in the page's banner. */
  const refuse = useCallback((error: unknown, fallback: string) => {
    setImageError(imageFailure(error, fallback));
  }, []);

  /** Decodes a file with the image pipeline; a refused file says why and changes nothing. */
  const load = useCallback(
    async (file: File, what: SceneLoading): Promise<LoadedImage | null> => {
      if (loadingRef.current) return null;
      loadingRef.current = true;
      setLoading(what);
      try {
        const image = await loadImage(file);
        pool.current.add(image);
        setImageError(null);
        return image;
      } catch (error) {
        refuse(error, what === "keep" ? KEEP_EDITING_FAILED : NOT_AN_IMAGE);
        return null;
      } finally {
        loadingRef.current = false;
        setLoading(null);
      }
    },
    [refuse],
  );

  /** True while a file is being decoded. */
  const isLoading = useCallback(() => loadingRef.current, []);

  /**
   * Takes in a picture decoded elsewhere (the last change shown again after a reload); refused and
   * freed when the user has picked or is picking one meanwhile, since theirs wins.
   */
  const adopt = useCallback((image: LoadedImage): boolean => {
    if (loadingRef.current || pool.current.size > 0) {
      image.release();
      return false;
    }
    pool.current.add(image);
    return true;
  }, []);

  const clearImageError = useCallback(() => setImageError(null), []);

  return { loading, imageError, clearImageError, refuse, load, drop, isLoading, adopt };
}
