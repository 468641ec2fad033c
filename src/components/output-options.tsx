/**
 * The shape and size of a tool's next image (issue 28): two compact selects in a row that another of
 * the run's choices (how many results) can join as `children`. Sizes above the plan are offered with
 * the plan they need; chosen, the gate's message shows under the row with a way to /pricing (the run's
 * allowance check refuses that size: lib/tool-output.ts outputFeatures).
 */
import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { ChoiceSelect, type Choice } from "@/components/choice-select";
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
import { sizeAllowed } from "@/lib/tool-output";
import { useSubscriptionTier } from "@/lib/subscription";
import { cn } from "@/lib/utils";

/** The look of components/ui/label.tsx without Radix's Label (0.5 kB on pages with no other label). */
const LABEL = "text-sm leading-none font-medium";

/** The shapes in the order offered: the photo's own, square, the tall ones, the wide ones. */
const SHAPE_ORDER: readonly OutputShape[] = [
  SAME_AS_PHOTO,
  "1:1",
  "4:5",
  "3:4",
  "2:3",
  "9:16",
  "5:4",
  "4:3",
  "3:2",
  "16:9",
  "21:9",
];

/** Its readable name: "Same as photo", "Square 1:1", "Portrait 4:5", "Story 9:16", "Landscape 16:9", "Wide 21:9". */
export function shapeName(shape: OutputShape): string {
  if (shape === SAME_AS_PHOTO) return "Same as photo";
  const [w = 1, h = 1] = shape.split(":").map(Number);
  const kind =
    w === h
      ? "Square"
      : shape === "9:16"
        ? "Story"
        : shape === "21:9"
          ? "Wide"
          : w < h
            ? "Portrait"
            : "Landscape";
  return `${kind} ${shape}`;
}

const SHAPES = SHAPE_ORDER.map((value) => ({ value, label: shapeName(value) }));

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
  const id = useId();
  const [shapeId, sizeId, gateId] = [`${id}shape`, `${id}size`, `${id}gate`];
  const tier = useSubscriptionTier().data;
  const allowed = (size: OutputSize) => sizeAllowed(size, tier);
  const feature = sizeFeature(value.size);
  const gated = feature && tier !== undefined && !allowed(value.size) ? feature : undefined;
  const shapes = photo ? SHAPES : SHAPES.filter((shape) => shape.value !== SAME_AS_PHOTO);

  return (
    <div className={cn("grid gap-2", className)}>
      <div role="group" aria-label="Image shape and size" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-36 flex-1 gap-1.5 sm:max-w-44">
          <label htmlFor={shapeId} className={LABEL}>
            Shape
          </label>
          <ChoiceSelect
            id={shapeId}
            className="w-full"
            choices={shapes}
            value={value.shape}
            onValueChange={(shape) => onChange({ ...value, shape: shape as OutputShape })}
            disabled={disabled}
          />
        </div>
        <div className="grid min-w-36 flex-1 gap-1.5 sm:max-w-44">
          <label htmlFor={sizeId} className={LABEL}>
            Size
          </label>
          <ChoiceSelect
            id={sizeId}
            className="w-full"
            choices={sizeChoices(allowed)}
            value={value.size}
            onValueChange={(size) => onChange({ ...value, size: size as OutputSize })}
            disabled={disabled}
            aria-describedby={gated ? gateId : undefined}
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
