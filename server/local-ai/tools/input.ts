/**
 * Reading one field of a tool's input (x-cucumber-tool-input, src/config/tool-input.ts) for a handler
 * of the local preview engine. The rule is the same for every field: a field left out takes the
 * handler's default (an older page, or a request written by hand, still gets an answer), and a field
 * sent with the wrong type or an unknown value is refused with BadRequest (a 400 INVALID_ARGUMENT that
 * names it), since the page that sent it has a bug a preview should not hide.
 */
import { BadRequest } from "../request.ts";
import { TOOL_INPUT_HEADER } from "../../../src/config/tool-input.ts";

type Input = Readonly<Record<string, unknown>>;

function refuse(name: string, expected: string, value: unknown): never {
  throw new BadRequest(
    `Invalid value at '${TOOL_INPUT_HEADER}.${name}' (${expected}): ${JSON.stringify(value)}.`,
  );
}

/** A string field, trimmed. */
export function textField(input: Input, name: string, fallback = ""): string {
  const value = input[name];
  if (value === undefined) return fallback;
  if (typeof value !== "string") refuse(name, "a string", value);
  return value.trim();
}

/** A string field that must be one of `allowed` (the fallback, which may be undefined, when left out). */
export function oneOfField<T extends string, F extends T | undefined>(
  input: Input,
  name: string,
  allowed: readonly T[],
  fallback: F,
): T | F {
  const value = input[name];
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !(allowed as readonly string[]).includes(value)) {
    refuse(name, `one of ${allowed.join(", ")}`, value);
  }
  return value as T;
}

/** A true or false field. */
export function booleanField(input: Input, name: string, fallback: boolean): boolean {
  const value = input[name];
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") refuse(name, "true or false", value);
  return value;
}
