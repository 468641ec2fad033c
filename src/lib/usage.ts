/**
 * Conversions used, per user and calendar month, in localStorage under `conversionUsage` (SPEC 3):
 * `{ "<userId>": { "2026-11": 2 } }`. Every open tab sees the same numbers (the `storage` event).
 * In hosted mode the server counts (its `usage` table, below) and this meter keeps only what the
 * visitor's own key made, which goes straight to Google; the month is then the UTC month, as the server's.
 */
import { useSyncExternalStore } from "react";
import { queryOptions, skipToken } from "@tanstack/react-query";
import { createStorageStore } from "@/lib/storage-store";
import { getSupabase } from "@/lib/supabase";

export const USAGE_STORAGE_KEY = "conversionUsage";

type UsageRecord = Record<string, Record<string, number>>;

export function monthKey(date: Date = new Date(), utc = import.meta.env.VITE_AI_MODE === "hosted"): string {
  const [year, month] = utc
    ? [date.getUTCFullYear(), date.getUTCMonth()]
    : [date.getFullYear(), date.getMonth()];
  return `${year}-${String(month + 1).padStart(2, "0")}`;
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

const store = createStorageStore((key) => key === USAGE_STORAGE_KEY);

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
  store.emit();
  return months[month];
}

/** Conversions used this month by `userId` (0 when signed out), live across tabs. */
export function useUsedConversions(userId: string | undefined): number {
  return useSyncExternalStore(
    store.subscribe,
    () => (userId ? getUsedConversions(userId) : 0),
    () => 0,
  );
}

/** Hosted mode: the server's count after an answer of the proxy (its x-conversions-* headers). */
export type ServerUsage = { used: number; limit: number; remaining: number };

/** Hosted mode: the `usage` row's month, the first day of the current UTC month ("2026-11-01"). */
export function usageMonth(date: Date = new Date()): string {
  return `${monthKey(date, true)}-01`;
}

/** Hosted mode: the conversions the server counted for `userId` in `month` (their own row; none: 0). */
export async function fetchServerUsed(userId: string, month: string): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("usage")
    .select("used")
    .eq("user_id", userId)
    .eq("month", month)
    .maybeSingle();
  if (error) throw error;
  return data?.used ?? 0;
}

/**
 * Hosted mode: conversions of the month that are not available any more, as the server counts them:
 * the `usage` row on load (and fresh at each action, lib/allowance.ts), then what each answer of the
 * proxy says (its limit minus its remaining, which also holds a conversion a stream has reserved).
 */
export const serverUsageQueryOptions = (userId: string, month = usageMonth()) =>
  queryOptions({
    queryKey: ["usage", userId, month],
    // Hosted mode only: a client build leaves the read out (VITE_AI_MODE is replaced by its value when building).
    queryFn: import.meta.env.VITE_AI_MODE === "hosted" ? () => fetchServerUsed(userId, month) : skipToken,
    staleTime: 30_000,
    // supabase-js already retries a failed read: no second layer (as for the subscription).
    retry: false,
  });

const serverListeners = new Set<(usage: ServerUsage) => void>();

/** Hosted mode: an answer of the proxy said where the count is now (lib/gemini/client.lazy.ts). */
export function reportServerUsage(usage: ServerUsage): void {
  serverListeners.forEach((listener) => listener(usage));
}

export function onServerUsage(listener: (usage: ServerUsage) => void): () => void {
  serverListeners.add(listener);
  return () => {
    serverListeners.delete(listener);
  };
}

/**
 * When the monthly count starts again: the 1st of the next month, as monthKey counts months (the UTC
 * month in hosted mode, as the server's `usage` rows; this device's own month otherwise).
 */
export function renewalDate(now: Date = new Date(), utc = import.meta.env.VITE_AI_MODE === "hosted"): Date {
  return utc
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1))
    : new Date(now.getFullYear(), now.getMonth() + 1, 1);
}

/** "1 December": the day the count renews, as the renewal notice says it. */
export function formatRenewal(
  now: Date = new Date(),
  utc = import.meta.env.VITE_AI_MODE === "hosted",
): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    ...(utc ? { timeZone: "UTC" } : {}),
  }).format(renewalDate(now, utc));
}
