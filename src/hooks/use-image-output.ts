/**
 * The shape and size a tool's next image is made at (issue 28): remembered per tool
 * (lib/preferences.ts), a remembered size above the plan read as 1K, and the plan features a run at that
 * size needs (config/tiers.ts: 2K on $10/month, 4K on $30/month).
 */
import { useCallback, useMemo, useState } from "react";
import {
  DEFAULT_IMAGE_OUTPUT,
  DEFAULT_OUTPUT_SIZE,
  isOutputShape,
  isOutputSize,
  sizeFeature,
  type ImageOutput,
  type OutputSize,
} from "@/config/image-output";
import { hasFeature, type FeatureId, type TierId } from "@/config/tiers";
import { readToolOutput, saveToolOutput } from "@/lib/preferences";
import { useSubscriptionTier } from "@/lib/subscription";

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

/** A download's file name with the size where it is not 1K: "hulk-transformation-4k.png". */
export function sizedFileName(name: string, output: ImageOutput | undefined): string {
  if (!output || output.size === DEFAULT_OUTPUT_SIZE) return name;
  const dot = name.lastIndexOf(".");
  const suffix = `-${output.size.toLowerCase()}`;
  return dot > 0 ? `${name.slice(0, dot)}${suffix}${name.slice(dot)}` : `${name}${suffix}`;
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
  return [output, setOutput] as const;
}

/** A kept creation's record of its output (`details`), so a version shown again says it. */
export function outputDetails(output: ImageOutput): { shape: string; size: string } {
  return { shape: output.shape, size: output.size };
}

/** The output a kept creation was made at, when it says (older creations do not). */
export function outputOfDetails(
  details: Readonly<Record<string, string>> | undefined,
): ImageOutput | undefined {
  return details && isOutputShape(details.shape) && isOutputSize(details.size)
    ? { shape: details.shape, size: details.size }
    : undefined;
}
