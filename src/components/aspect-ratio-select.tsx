/** The aspect ratio picker of the image-making tools. */
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { ChoiceSelect } from "@/components/choice-select";
import { ASPECT_RATIOS, type AspectRatio } from "@/config/aspect-ratios";

const NAMES: Record<AspectRatio, string> = {
  "1:1": "Square (1:1)",
  "4:5": "Portrait (4:5)",
  "3:4": "Portrait (3:4)",
  "16:9": "Landscape (16:9)",
  "9:16": "Story (9:16)",
};

const CHOICES = ASPECT_RATIOS.map((ratio) => ({ value: ratio, label: NAMES[ratio] }));

/** The shape of a generated image, sent as generationConfig.imageConfig.aspectRatio (1:1 default). */
export function AspectRatioSelect({
  value,
  onChange,
  disabled,
}: {
  value: AspectRatio;
  onChange: (value: AspectRatio) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Aspect ratio</Label>
      <ChoiceSelect
        id={id}
        className="w-full sm:w-56"
        choices={CHOICES}
        value={value}
        onValueChange={(v) => onChange(v as AspectRatio)}
        disabled={disabled}
      />
    </div>
  );
}
