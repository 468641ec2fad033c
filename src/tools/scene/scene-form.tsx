/** The Modify Scene form: what to add, its description, where, and an optional picture. */
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Image as ImageIcon, LayoutTemplate, Sparkles, Type } from "lucide-react";
import { ImagePickField } from "@/components/image-pick-field";
import { PromptField } from "@/components/prompt-field";
import { CostNote } from "@/components/remaining-counter";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { ChoiceSelect } from "@/components/choice-select";
import { SCENE_POSITIONS, SCENE_TYPES, type ScenePosition, type SceneType } from "@/tools/scene/prompts";
import { cn } from "@/lib/utils";
import { POSITION_LABELS } from "./position";
import { SCENE_MESSAGES, SCENE_TYPE_LABELS } from "./scene-messages";
import type { SceneForm as SceneFormValues } from "./use-scene";

/** The Position select's "no position" entry (SPEC 5: a select item never has an empty value). */
const ANYWHERE = "anywhere";
const POSITION_CHOICES = [
  { value: ANYWHERE, label: "Anywhere (let the AI choose)" },
  ...SCENE_POSITIONS.map((position) => ({ value: position, label: POSITION_LABELS[position] })),
];

export const SCENE_DESCRIPTION_MAX = 500;

const TYPE_ICONS = { image: ImageIcon, text: Type, widget: LayoutTemplate } as const;

const PLACEHOLDERS: Record<SceneType, string> = {
  image: "e.g. a red hot-air balloon floating in the sky",
  text: "e.g. Happy Birthday, Sam!",
  widget: "e.g. a weather badge showing 24°C and sunny",
};

const DESCRIPTION_LABELS: Record<SceneType, string> = {
  image: "Describe the image to add",
  text: "The text to add",
  widget: "Describe the widget to add",
};

type SceneFormProps = {
  values: SceneFormValues;
  onChange: (values: SceneFormValues) => void;
  addedPreviewUrl: string | null;
  onAddedFile: (file: File) => void;
  onRemoveAdded: () => void;
  onSubmit: () => void;
  disabled?: boolean;
  /** The shape and size pickers (components/output-options), above the button. */
  output?: ReactNode;
  /** How many conversions "Add to Scene" uses (the results chosen; default 1). */
  cost?: number;
};

/** The modification form (SPEC 2.11): type, description (required), optional position and picture. */
export function SceneForm({
  values,
  onChange,
  addedPreviewUrl,
  onAddedFile,
  onRemoveAdded,
  onSubmit,
  disabled,
  output,
  cost,
}: SceneFormProps) {
  const typeLabelId = useId();
  const positionId = useId();
  const descriptionId = useId();
  const blank = values.description.trim() === "";
  // A field's message waits until the person tried (as forms do): a press of "Add to Scene", or
  // leaving the description after typing in it. Nothing is flagged on a form not yet touched.
  const [checked, setChecked] = useState(false);
  const edited = useRef(false);
  const set = (patch: Partial<SceneFormValues>) => onChange({ ...values, ...patch });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (disabled) return;
    if (blank) {
      setChecked(true);
      document.getElementById(descriptionId)?.focus();
      return;
    }
    onSubmit();
  }

  return (
    <form onSubmit={submit} className="grid gap-5 rounded-xl border bg-card p-4 shadow-sm sm:p-5" noValidate>
      <div className="grid gap-2">
        <span id={typeLabelId} className="text-sm font-medium">
          What to add
        </span>
        <RadioGroup
          aria-labelledby={typeLabelId}
          value={values.type}
          onValueChange={(type) => set({ type: type as SceneType })}
          disabled={disabled}
          className="grid grid-cols-3 gap-2"
        >
          {SCENE_TYPES.map((type) => {
            const Icon = TYPE_ICONS[type];
            const id = `${typeLabelId}-${type}`;
            return (
              <Label
                key={type}
                htmlFor={id}
                className={cn(
                  "relative flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-2 pt-4 pb-3 text-center transition-colors hover:bg-accent",
                  values.type === type && "border-primary bg-accent",
                )}
              >
                <RadioGroupItem id={id} value={type} className="absolute top-2 left-2" />
                <Icon aria-hidden="true" className="size-5" />
                {SCENE_TYPE_LABELS[type]}
              </Label>
            );
          })}
        </RadioGroup>
      </div>

      <PromptField
        id={descriptionId}
        label={DESCRIPTION_LABELS[values.type]}
        value={values.description}
        onChange={(description) => {
          edited.current = true;
          set({ description });
        }}
        onBlur={() => {
          if (edited.current) setChecked(true);
        }}
        error={checked && blank ? SCENE_MESSAGES.noDescription : null}
        placeholder={PLACEHOLDERS[values.type]}
        rows={3}
        maxLength={SCENE_DESCRIPTION_MAX}
        required
        disabled={disabled}
      />

      <div className="grid gap-2">
        <Label htmlFor={positionId}>Position (optional)</Label>
        <ChoiceSelect
          id={positionId}
          className="w-full"
          choices={POSITION_CHOICES}
          value={values.position ?? ANYWHERE}
          onValueChange={(v) => set({ position: v === ANYWHERE ? null : (v as ScenePosition) })}
          disabled={disabled}
        />
      </div>

      {values.type === "image" && (
        <ImagePickField
          label="Picture to add"
          hint="Optional: a picture of what to add to the scene"
          previewUrl={addedPreviewUrl}
          onFile={onAddedFile}
          onRemove={onRemoveAdded}
          disabled={disabled}
        />
      )}

      {output}

      <div className="grid gap-2">
        {/*
          Disabled without a description (SPEC 5), yet pressable (aria-disabled): a press says why, under
          the field, and nothing is sent.
        */}
        <Button
          type="submit"
          disabled={disabled}
          aria-disabled={blank || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        >
          <Sparkles aria-hidden="true" />
          Add to Scene
        </Button>
        <CostNote cost={cost} className="text-center" />
      </div>
    </form>
  );
}
