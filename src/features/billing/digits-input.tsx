/**
 * A numeric card field (number, expiry, CVC): keeps only digits, at most `maxDigits`, shows them
 * formatted, and keeps the caret next to the digit the visitor just typed or deleted.
 */
import { useLayoutEffect, useReducer, useRef, type ChangeEvent, type ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import { caretAfterDigits, digitsOnly } from "./card";

type DigitsInputProps = Omit<ComponentProps<"input">, "value" | "onChange"> & {
  digits: string;
  maxDigits: number;
  format: (digits: string) => string;
  onDigitsChange: (digits: string) => void;
};

export function DigitsInput({ digits, maxDigits, format, onDigitsChange, ...props }: DigitsInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);

  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current === null || !input || input !== document.activeElement) return;
    const position = caretAfterDigits(input.value, caret.current);
    caret.current = null;
    input.setSelectionRange(position, position);
  });

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const { value, selectionStart } = event.target;
    const next = digitsOnly(value, maxDigits);
    caret.current = Math.min(digitsOnly(value.slice(0, selectionStart ?? value.length)).length, next.length);
    onDigitsChange(next);
    rerender();
  }

  return (
    <Input {...props} ref={ref} type="text" inputMode="numeric" value={format(digits)} onChange={onChange} />
  );
}
