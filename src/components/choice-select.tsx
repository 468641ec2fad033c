/** A select that costs nothing until pressed: a stand-in button, then the real menu. */
import type { Ref } from "react";
import { ChevronDownIcon } from "lucide-react";
import { lazyPart, usePressToLoad } from "@/components/on-demand";
import { selectTriggerClass } from "@/components/ui/select-trigger-class";
import { cn } from "@/lib/utils";

export type Choice = {
  value: string;
  label: string;
  /** Said under the label in the open list only (what a choice needs: "4K images require …"). */
  hint?: string;
};

export type ChoiceSelectProps = {
  choices: readonly Choice[];
  /** "" shows the placeholder. */
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  "aria-required"?: boolean | "true";
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

// Radix Select brings its popper, focus trap and scroll lock (about 20 kB gzipped): on a tool page that
// is code for a list nobody has opened yet. Until the first press the field is a stand-in button with
// the trigger's look, name and value; the press fetches the Radix part (hover and focus start it
// earlier) and puts it in the stand-in's place, already open.
const Menu = lazyPart(() => import("./choice-select.lazy").then((m) => m.ChoiceSelectMenu));

/** A select of fixed choices (Radix Select, shadcn look), whose list code loads on the first press. */
export function ChoiceSelect(props: ChoiceSelectProps) {
  const { pressed, standInProps, reset } = usePressToLoad(Menu);
  const { choices, value, placeholder, disabled, className, ref, id } = props;
  const label = choices.find((choice) => choice.value === value)?.label;

  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-required={props["aria-required"]}
      aria-invalid={props["aria-invalid"]}
      aria-describedby={props["aria-describedby"]}
      data-slot="select-trigger"
      data-size="default"
      data-placeholder={label ? undefined : ""}
      id={id}
      ref={ref}
      disabled={disabled}
      className={cn(selectTriggerClass, className)}
      {...standInProps}
    >
      <span data-slot="select-value" className="pointer-events-none">
        {label ?? placeholder}
      </span>
      <ChevronDownIcon aria-hidden="true" className="size-4 opacity-50" />
    </button>
  );
  if (!pressed) return standIn;
  return <Menu fallback={standIn} onFailed={reset} {...props} defaultOpen />;
}
