/**
 * A task a gate stopped (the plan lacks the feature, or no conversions are left): its photo waits in
 * the incoming store (IndexedDB, so a reload or the payment page loses nothing) and its words and
 * options travel in the navigation state, Pricing's and then the payment's. After paying, or with
 * Pricing's "Go back", the person is back on the tool with them (useIncomingPhotos hands them over).
 * Fetched when a gate stops a task (gate-return.ts keepGateTask).
 */
import { putIncoming } from "./incoming";
import type { GateReturn, GateTask } from "./gate-return";
import type { KeptInputs } from "./types";

/** Keeps the task's photo in the incoming store; resolves with where to bring it back. */
export async function keepGateTask(path: string, task: GateTask | null): Promise<GateReturn> {
  const inputs: KeptInputs = {
    ...(task?.words ? { words: task.words } : {}),
    ...(task?.options ? { options: task.options } : {}),
  };
  if (!task?.files.length) return { path, ...inputs };
  return { path, incoming: await putIncoming(task.files, "gate"), photos: task.files.length, ...inputs };
}
