import { useSyncExternalStore } from "react";

/**
 * Conversions used, per user and calendar month, in localStorage under `conversionUsage` (SPEC 3):
 * `{ "<userId>": { "2026-11": 2 } }`. Every open tab sees the same numbers (the `storage` event).
 */
export const USAGE_STORAGE_KEY = "conversionUsage";

type UsageRecord = Record<string, Record<string, number>>;

export function monthKey(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

function readAll(): UsageRecord {
  try {
    const raw = localStorage.getItem(USAGE_STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    const out: UsageRecord = {};
    for (const [user, months] of Object.entries(parsed as Record<string, unknown>)) {
      if (!months || typeof months !== "object") continue;
      const clean: Record<string, number> = {};
      for (const [month, count] of Object.entries(months as Record<string, unknown>)) {
        if (typeof count === "number" && Number.isFinite(count) && count >= 0)
          clean[month] = Math.floor(count);
      }
      out[user] = clean;
    }
    return out;
  } catch {
    // Unreadable storage (disabled, or a value someone edited by hand) counts as no usage recorded.
    return {};
  }
}

const listeners = new Set<() => void>();

function emit() {
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === USAGE_STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function getUsedConversions(userId: string, month = monthKey()): number {
  return readAll()[userId]?.[month] ?? 0;
}

/** Count one successful conversion for `userId` this month. */
export function recordConversion(userId: string, month = monthKey()): number {
  const all = readAll();
  const months = { ...all[userId] };
  months[month] = (months[month] ?? 0) + 1;
  all[userId] = months;
  localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify(all));
  emit();
  return months[month];
}

/** Conversions used this month by `userId` (0 when signed out), live across tabs. */
export function useUsedConversions(userId: string | undefined): number {
  return useSyncExternalStore(
    subscribe,
    () => (userId ? getUsedConversions(userId) : 0),
    () => 0,
  );
}
