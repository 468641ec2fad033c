/**
 * Where a gate sent the person from (gate-task.ts keeps the task): read from the navigation state of
 * Pricing and the payment page, and the way back to the tool. No storage here: Pricing reads it.
 */
import type { IncomingPhotoState, KeptInputs } from "./types";

/** What a tool keeps of a stopped task: the photos and its own inputs. */
export type GateTask = KeptInputs & { files: readonly File[] };

/** Where a gate sent the person from, and what of the task waits for them there. */
export type GateReturn = KeptInputs & {
  /** The tool's path with its query ("/?custom=true"). */
  path: string;
  /** The id of the kept photo in the incoming store, when the task had one. */
  incoming?: string;
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
    ...(typeof returnTo.words === "string" ? { words: returnTo.words } : {}),
    ...(isStringRecord(returnTo.options) ? { options: returnTo.options } : {}),
  };
}

/** The navigation to bring the person back to the tool with the task: its path and state. */
export function backToTask(returnTo: GateReturn): { path: string; state: IncomingPhotoState | null } {
  if (!returnTo.incoming) return { path: returnTo.path, state: null };
  const task: KeptInputs = {
    ...(returnTo.words ? { words: returnTo.words } : {}),
    ...(returnTo.options ? { options: returnTo.options } : {}),
  };
  return { path: returnTo.path, state: { incoming: returnTo.incoming, task } };
}
