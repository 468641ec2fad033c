/**
 * The version chosen on a tool, per user and tool (`{ photo, id }`): what a reload shows again, with
 * its photo and the strip of its versions. Every result kept becomes the chosen one (keep.lazy.ts); picking
 * another version on a strip chooses it (choose.ts). Kept in localStorage: read at once, small, and
 * this device's. Reading it is all a tool page needs at first.
 */
import type { ToolId } from "@/tools/registry";
import type { ChosenVersion } from "./types";

export const CHOSEN_PREFIX = "creations:chosen:";
export const chosenKey = (userId: string, tool: ToolId) => `${CHOSEN_PREFIX}${userId}:${tool}`;

/** The raw stored value (a string, so it compares as the same while nothing changed). */
export function readChosen(userId: string, tool: ToolId): string | null {
  try {
    return localStorage.getItem(chosenKey(userId, tool));
  } catch {
    return null;
  }
}

export function parseChosen(raw: string | null): ChosenVersion | null {
  try {
    const value: unknown = raw && JSON.parse(raw);
    const { photo, id } = (value ?? {}) as Partial<ChosenVersion>;
    return typeof photo === "string" && typeof id === "string" ? { photo, id } : null;
  } catch {
    return null;
  }
}

/** The version chosen on `tool`; null when none was (or storage is off). */
export function getChosenVersion(userId: string, tool: ToolId): ChosenVersion | null {
  return parseChosen(readChosen(userId, tool));
}
