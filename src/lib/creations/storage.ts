/** The browser's storage as the user can understand it (navigator.storage), and asking to keep it. */
import type { StorageEstimateInfo } from "./types";

export async function estimateStorage(): Promise<StorageEstimateInfo | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || typeof estimate.quota !== "number") return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}

let persistAsked = false;

/** Asks once per page load that the browser keep the data (navigator.storage.persist). */
export async function requestPersistence(): Promise<boolean> {
  if (persistAsked) return false;
  persistAsked = true;
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted?.()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}

const UNITS = ["bytes", "KB", "MB", "GB", "TB"];

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : value.toFixed(value < 10 ? 1 : 0);
  return `${shown} ${UNITS[unit]}`;
}
