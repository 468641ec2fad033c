/**
 * The shape and size of a tool's next image (issue 28): two compact selects in a row that another of
 * the run's choices (how many results) can join as `children`. Sizes above the plan are offered with
 * the plan they need; chosen, the gate's message shows under the row with a way to /pricing (the run's
 * allowance check refuses that size: hooks/use-image-output.ts outputFeatures).
 */
import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { ChoiceSelect, type Choice } from "@/components/choice-select";
import { Label } from "@/components/ui/label";
import {
  OUTPUT_SIZES,
  SAME_AS_PHOTO,
  sizeFeature,
  type ImageOutput,
  type OutputShape,
  type OutputSize,
} from "@/config/image-output";
import { paths } from "@/config/paths";
import { FEATURE_GATES, gateMessage, getTier } from "@/config/tiers";
import { sizeAllowed } from "@/hooks/use-image-output";
import { useSubscriptionTier } from "@/lib/subscription";
import { cn } from "@/lib/utils";

/** Readable names, in the order offered: the photo's own, square, the tall ones, the wide ones. */
export const SHAPE_NAMES: Readonly<Record<OutputShape, string>> = {
  [SAME_AS_PHOTO]: "Same as photo",
  "1:1": "Square 1:1",
  "4:5": "Portrait 4:5",
  "3:4": "Portrait 3:4",
  "2:3": "Portrait 2:3",
  "9:16": "Story 9:16",
  "5:4": "Landscape 5:4",
  "4:3": "Landscape 4:3",
  "3:2": "Landscape 3:2",
  "16:9": "Landscape 16:9",
  "21:9": "Wide 21:9",
};

const SHAPES = Object.entries(SHAPE_NAMES).map(([value, label]) => ({ value, label }));

/** "2K · Standard": the size and the plan that has it (1K is on every plan). */
export function sizeLabel(size: OutputSize): string {
  const feature = sizeFeature(size);
  return feature ? `${size} · ${getTier(FEATURE_GATES[feature].tier).name}` : size;
}

function sizeChoices(allowed: (size: OutputSize) => boolean): Choice[] {
  return OUTPUT_SIZES.map((size) => {
    const feature = sizeFeature(size);
    return {
      value: size,
      label: sizeLabel(size),
      ...(feature && !allowed(size) ? { hint: gateMessage(feature) } : {}),
    };
  });
}

export function OutputOptions({
  value,
  onChange,
  photo = true,
  disabled,
  children,
  className,
}: {
  value: ImageOutput;
  onChange: (value: ImageOutput) => void;
  /** The tool works on a photo: "Same as photo" is offered (and is the default). */
  photo?: boolean;
  disabled?: boolean;
  /** Another choice of the run, in the same row. */
  children?: ReactNode;
  className?: string;
}) {
  const shapeId = useId();
  const sizeId = useId();
  const gateId = useId();
  const tier = useSubscriptionTier().data;
  const allowed = (size: OutputSize) => sizeAllowed(size, tier);
  const feature = sizeFeature(value.size);
  const gated = feature && tier !== undefined && !allowed(value.size) ? feature : undefined;
  const shapes = photo ? SHAPES : SHAPES.filter((shape) => shape.value !== SAME_AS_PHOTO);

  return (
    <div className={cn("grid gap-2", className)}>
      <div role="group" aria-label="Image shape and size" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-36 flex-1 gap-1.5 sm:flex-none">
          <Label htmlFor={shapeId}>Shape</Label>
          <ChoiceSelect
            id={shapeId}
            className="w-full sm:w-44"
            choices={shapes}
            value={value.shape}
            onValueChange={(shape) => onChange({ ...value, shape: shape as OutputShape })}
            disabled={disabled}
          />
        </div>
        <div className="grid min-w-36 flex-1 gap-1.5 sm:flex-none">
          <Label htmlFor={sizeId}>Size</Label>
          <ChoiceSelect
            id={sizeId}
            className="w-full sm:w-40"
            choices={sizeChoices(allowed)}
            value={value.size}
            onValueChange={(size) => onChange({ ...value, size: size as OutputSize })}
            disabled={disabled}
            aria-describedby={gated ? gateId : undefined}
            aria-invalid={gated ? true : undefined}
          />
        </div>
        {children}
      </div>
      {gated && (
        <p id={gateId} className="text-sm text-muted-foreground">
          {gateMessage(gated)}.{" "}
          <Link to={paths.pricing} className="font-medium text-primary underline underline-offset-2">
            Upgrade
          </Link>
        </p>
      )}
    </div>
  );
}
