/**
 * The way into keeping a task a gate stopped (use-allowance.ts, in every page's first load): the
 * store's part is fetched only when a gate stops one.
 */
import type { GateReturn, GateTask } from "./gate-return";

/**
 * Keeps the task's photo in the incoming store (gate-task.lazy.ts, fetched when a gate stops a task:
 * no page pays for the store in its first load); resolves with where to bring it back.
 */
export async function keepGateTask(path: string, task: GateTask | null): Promise<GateReturn> {
  const { keepGateTask: keep } = await import("./gate-task.lazy");
  return keep(path, task);
}
