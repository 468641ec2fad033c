/**
 * Choosing a version on a tool (chosen.ts reads it): remembered per user and tool, heard by every page
 * showing it (useChosenVersion), in this tab and the others; forgotten with the user's data.
 */
import type { ToolId } from "@/tools/registry";
import { createStorageStore } from "@/lib/storage-store";
import { CHOSEN_PREFIX, chosenKey } from "./chosen";
import type { ChosenVersion } from "./types";

/** Tells whoever shows the chosen version (useChosenVersion) of a change, in this tab and the others. */
export const chosenStore = createStorageStore((key) => key.startsWith(CHOSEN_PREFIX));

/** Chooses a version on `tool` (null: none). A browser that refuses to store it just forgets it. */
export function setChosenVersion(userId: string, tool: ToolId, chosen: ChosenVersion | null): void {
  try {
    if (chosen) localStorage.setItem(chosenKey(userId, tool), JSON.stringify(chosen));
    else localStorage.removeItem(chosenKey(userId, tool));
  } catch (error) {
    console.warn("Could not remember the version chosen", error);
  }
  chosenStore.emit();
}

/** Forgets every version chosen by the user on this device (their data removed from it). */
export function forgetChosenVersions(userId: string): void {
  try {
    const mine = `${CHOSEN_PREFIX}${userId}:`;
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
    for (const key of keys) if (key?.startsWith(mine)) localStorage.removeItem(key);
  } catch {
    // Storage off: nothing was kept.
  }
  chosenStore.emit();
}
