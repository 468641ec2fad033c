/** The Radix Select behind ChoiceSelect, a chunk of its own. */
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ChoiceSelectProps } from "@/components/choice-select";

/** The Radix Select behind ChoiceSelect, loaded when its stand-in is first pressed (and open then). */
export function ChoiceSelectMenu({
  choices,
  value,
  onValueChange,
  placeholder,
  disabled,
  defaultOpen,
  ...trigger
}: ChoiceSelectProps & { defaultOpen?: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem
            key={choice.value}
            value={choice.value}
            className={choice.hint ? "flex-col items-start gap-0.5" : undefined}
            hint={choice.hint}
          >
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
