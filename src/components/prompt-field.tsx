/** The instruction field of the tools: a text area with its limit and voice input. */
import { useEffect, useId } from "react";
import { Mic, MicOff } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { useVoiceInput } from "@/hooks/use-voice-input";

export const MAX_PROMPT_LENGTH = 1000;

type PromptFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  /** Voice input beside the field (SPEC 4.2); on by default. */
  voice?: boolean;
  id?: string;
  /** A validation message shown under the field, which is then marked invalid and described by it. */
  error?: string | null;
  /** The field lost focus (a form that checks a field once the person has left it). */
  onBlur?: () => void;
};

/**
 * A multi-line prompt with a character count and "Voice Input" / "Stop" (SPEC 4.2: single-shot, the
 * recognised text replaces the prompt). Listening stops when the field goes away.
 */
export function PromptField({
  label,
  value,
  onChange,
  placeholder,
  rows = 4,
  maxLength = MAX_PROMPT_LENGTH,
  required,
  disabled,
  voice = true,
  id,
  error,
  onBlur,
}: PromptFieldProps) {
  const fallbackId = useId();
  const fieldId = id ?? fallbackId;
  const countId = useId();
  const errorId = useId();
  const recognition = useVoiceInput((text) => onChange(text.slice(0, maxLength)));
  const { stop } = recognition;
  useEffect(() => {
    if (disabled) stop();
  }, [disabled, stop]);

  return (
    <div className="grid gap-2">
      <Label htmlFor={fieldId}>{label}</Label>
      <Textarea
        id={fieldId}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={value}
        required={required}
        aria-required={required || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <div className="flex items-center justify-between gap-2">
        {voice ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={recognition.toggle}
            aria-pressed={recognition.listening}
            disabled={disabled}
          >
            {recognition.listening ? <MicOff aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {recognition.listening ? "Stop" : "Voice Input"}
          </Button>
        ) : (
          <span />
        )}
        <p id={countId} className="text-xs text-muted-foreground">
          {value.length} / {maxLength}
        </p>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
