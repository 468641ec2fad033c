/**
 * Where a gate sent the person from (gate-task.ts keeps the task): read from the navigation state of
 * Pricing and the payment page, and the way back to the tool. No storage here: Pricing reads it.
 */
import type { IncomingPhotoState, KeptInputs } from "./types";

/** What a tool keeps of a stopped task: the photos and its own inputs. */
export type GateTask = KeptInputs & { files: readonly File[] };

/** A task's options as the navigation state keeps them: strings, the ones not set left out. */
export function taskOptions(options: Record<string, string | null | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(options)) if (value) kept[key] = value;
  return kept;
}

/** Where a gate sent the person from, and what of the task waits for them there. */
export type GateReturn = KeptInputs & {
  /** The tool's path with its query ("/?custom=true"). */
  path: string;
  /** The id of the kept photos in the incoming store, when the task had any. */
  incoming?: string;
  /** How many photos are kept there (Batch keeps all of its). */
  photos?: number;
};

/** The navigation state of Pricing and of the payment page when a gate sent the person there. */
export type GateReturnState = { returnTo: GateReturn };

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value as Record<string, unknown>).every((v) => typeof v === "string")
  );
}

/** The return a gate put in the navigation state, or null (arrived some other way, or malformed). */
export function gateReturnOf(state: unknown): GateReturn | null {
  const returnTo = (state as Partial<GateReturnState> | null)?.returnTo as Partial<GateReturn> | undefined;
  if (!returnTo || typeof returnTo.path !== "string" || !returnTo.path.startsWith("/")) return null;
  // Only a path of this app: "//host" would leave it.
  if (returnTo.path.startsWith("//")) return null;
  return {
    path: returnTo.path,
    ...(typeof returnTo.incoming === "string" ? { incoming: returnTo.incoming } : {}),
    ...(typeof returnTo.photos === "number" && returnTo.photos > 0 ? { photos: returnTo.photos } : {}),
    ...(typeof returnTo.words === "string" ? { words: returnTo.words } : {}),
    ...(isStringRecord(returnTo.options) ? { options: returnTo.options } : {}),
  };
}

/**
 * The navigation to bring the person back to the tool with the task: its path, and its photo (the id in
 * the incoming store), words and options to hand over (null when nothing was kept). `last`: the way back
 * after the payment; the kept photo is dropped once the tool took it. Pricing's "Go back" (and the
 * browser's Back) leave it kept, so the payment after coming forward again still brings it.
 */
export function backToTask(
  returnTo: GateReturn,
  { last = false }: { last?: boolean } = {},
): { path: string; state: IncomingPhotoState | null } {
  const task: KeptInputs = {
    ...(returnTo.words ? { words: returnTo.words } : {}),
    ...(returnTo.options && Object.keys(returnTo.options).length > 0 ? { options: returnTo.options } : {}),
  };
  const hasTask = Object.keys(task).length > 0;
  if (!returnTo.incoming && !hasTask) return { path: returnTo.path, state: null };
  return {
    path: returnTo.path,
    state: {
      ...(returnTo.incoming ? { incoming: returnTo.incoming } : {}),
      task,
      ...(last ? { last: true } : {}),
    },
  };
}

/**
 * One of a task's options as the tool offers it: the kept value when it is one of `values`, else
 * undefined (an old or hand-edited navigation state never gives a tool a value it does not have).
 */
export function keptOption<T extends string>(
  task: KeptInputs | undefined,
  key: string,
  values: readonly T[],
): T | undefined {
  const value = task?.options?.[key];
  return values.find((v) => v === value);
}
