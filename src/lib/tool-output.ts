/**
 * The shape and size a tool's next image is made at (issue 28): the one last chosen on each image tool,
 * one localStorage key per tool (`output:<tool id>`, read with safe defaults: a preference like those
 * of lib/preferences.ts, kept in its own file so that only the tool pages load it), a remembered size
 * above the plan read as 1K, the plan features a run at that size needs (config/tiers.ts: 2K on
 * $10/month, 4K on $30/month), the record a kept creation holds of it, and the download's name.
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import {
  DEFAULT_IMAGE_OUTPUT,
  DEFAULT_OUTPUT_SIZE,
  isOutputShape,
  isOutputSize,
  SAME_AS_PHOTO,
  sizeFeature,
  type ImageOutput,
  type OutputSize,
} from "@/config/image-output";
import { hasFeature, type FeatureId, type TierId } from "@/config/tiers";
import { useSubscriptionTier } from "@/lib/subscription";

/** The shape and size last chosen on a tool, one key per tool: `output:<tool id>`. */
export const OUTPUT_PREFIX = "output:";

/**
 * The output last chosen on `tool`, else `fallback`; a stored value that is not one any more (a shape
 * gone, "Same as photo" on a tool without a photo) reads as the fallback's.
 */
export function readToolOutput(
  tool: string,
  fallback: ImageOutput,
  { photo = true }: { photo?: boolean } = {},
): ImageOutput {
  type Stored = { shape?: unknown; size?: unknown } | null;
  let stored: Stored = null;
  try {
    stored = JSON.parse(localStorage.getItem(OUTPUT_PREFIX + tool) ?? "null") as Stored;
  } catch {
    // Storage off, or not JSON: the fallback.
  }
  const shape = stored?.shape;
  const size = stored?.size;
  return {
    shape: isOutputShape(shape) && (photo || shape !== SAME_AS_PHOTO) ? shape : fallback.shape,
    size: isOutputSize(size) ? size : fallback.size,
  };
}

/** The pickers on screen, told when something other than themselves chooses for their tool. */
const outputListeners = new Set<(tool: string, output: ImageOutput) => void>();

/**
 * Chooses the output of `tool` from outside its pickers (the size gate's "Make it at 1K"): remembered,
 * and shown by the tool's pickers on screen.
 */
export function chooseToolOutput(tool: string, output: ImageOutput): void {
  saveToolOutput(tool, output);
  for (const listener of outputListeners) listener(tool, output);
}

/** Remember the output chosen on `tool`; a browser that stores nothing just forgets it. */
export function saveToolOutput(tool: string, output: ImageOutput): void {
  try {
    localStorage.setItem(OUTPUT_PREFIX + tool, JSON.stringify({ shape: output.shape, size: output.size }));
  } catch {
    // Storage full or disabled: the choice holds for this visit only.
  }
}

/** What a file name of a result made at `output` ends with before its extension: "-4k", or "" at 1K. */
export function sizeSuffix(output: ImageOutput | undefined): string {
  return !output || output.size === DEFAULT_OUTPUT_SIZE ? "" : `-${output.size.toLowerCase()}`;
}

/** A download's file name with the size where it is not 1K: "hulk-transformation-4k.png". */
export function sizedFileName(name: string, output: ImageOutput | undefined): string {
  const suffix = sizeSuffix(output);
  if (!suffix) return name;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)}${suffix}${name.slice(dot)}` : `${name}${suffix}`;
}

/** The input with its output at 1K, when it asks for a size above; null when it has none to lower. */
export function atOneK<I>(input: I): (I & { output: ImageOutput }) | null {
  const output = (input as { output?: unknown } | null)?.output as ImageOutput | undefined;
  if (!output || !isOutputSize(output.size) || output.size === DEFAULT_OUTPUT_SIZE) return null;
  return { ...input, output: { ...output, size: DEFAULT_OUTPUT_SIZE } };
}

/** Where the tool has no photo to keep the shape of: square, 1K (as before shapes were chosen). */
export const NO_PHOTO_OUTPUT: ImageOutput = { shape: "1:1", size: DEFAULT_OUTPUT_SIZE };

/** Whether `tier` may make images of `size` (1K: every plan; an unknown plan: not above 1K). */
export function sizeAllowed(size: OutputSize, tier: TierId | undefined): boolean {
  const feature = sizeFeature(size);
  return !feature || (tier !== undefined && hasFeature(tier, feature));
}

/** The plan features a run at `output` needs, with the tool's own (`custom`, `multipleVersions`). */
export function outputFeatures(
  output: ImageOutput | undefined,
  ...own: (FeatureId | undefined)[]
): FeatureId[] {
  return [...own, output && sizeFeature(output.size)].filter((id): id is FeatureId => id !== undefined);
}

/**
 * The output chosen on `tool` and its setter (which remembers it). Until the person chooses on this
 * visit, the remembered one, its size back to 1K when the plan no longer has it; a size chosen now
 * stays shown even above the plan (the pickers say the gate, and the run's check refuses it).
 */
export function useImageOutput(tool: string, { photo = true }: { photo?: boolean } = {}) {
  const fallback = photo ? DEFAULT_IMAGE_OUTPUT : NO_PHOTO_OUTPUT;
  const [remembered] = useState(() => readToolOutput(tool, fallback, { photo }));
  const [chosen, setChosen] = useState<ImageOutput | null>(null);
  const tier = useSubscriptionTier();
  const aboveThePlan = tier.data !== undefined && !sizeAllowed(remembered.size, tier.data);
  const output = useMemo(
    () => chosen ?? (aboveThePlan ? { ...remembered, size: DEFAULT_OUTPUT_SIZE } : remembered),
    [aboveThePlan, chosen, remembered],
  );
  const setOutput = useCallback(
    (next: ImageOutput) => {
      setChosen(next);
      saveToolOutput(tool, next);
    },
    [tool],
  );
  useEffect(() => {
    const listener = (chosenFor: string, next: ImageOutput) => chosenFor === tool && setChosen(next);
    outputListeners.add(listener);
    return () => void outputListeners.delete(listener);
  }, [tool]);
  return [output, setOutput] as const;
}

/**
 * The output a kept creation was made at, when it says; one kept before sizes were chosen (Celebrations
 * and the Animator kept an `aspectRatio`) at that shape and 1K.
 */
export function outputOfDetails(
  details: Readonly<Record<string, string>> | undefined,
): ImageOutput | undefined {
  const shape = details?.shape ?? details?.aspectRatio;
  const size = details?.size ?? DEFAULT_OUTPUT_SIZE;
  return isOutputShape(shape) && isOutputSize(size) ? { shape, size } : undefined;
}
