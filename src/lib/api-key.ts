/**
 * The visitor's own Gemini key, one per account on this device: kept for this browser tab only
 * (sessionStorage) unless they tick "remember" (localStorage), and removed from both at sign-out
 * (useSignOut). Signed out, there is no key. Never put in a URL or a log.
 */
import { useSyncExternalStore } from "react";
import { useUser } from "@/lib/auth";
import { createStorageStore } from "@/lib/storage-store";
import { sessionStorageKey } from "@/lib/supabase";

const PREFIX = "geminiApiKey";

/** Where a user's key is stored (both storages). */
export function apiKeyStorageKey(userId: string): string {
  return `${PREFIX}:${userId}`;
}

const isApiKeyEntry = (name: string | null) =>
  name !== null && (name === PREFIX || name.startsWith(`${PREFIX}:`));

const store = createStorageStore(isApiKeyEntry);

function read(userId: string | null | undefined): string {
  if (!userId) return "";
  const name = apiKeyStorageKey(userId);
  try {
    return localStorage.getItem(name) ?? sessionStorage.getItem(name) ?? "";
  } catch {
    return "";
  }
}

function namesIn(storage: Storage): string[] {
  const names: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    if (isApiKeyEntry(name)) names.push(name!);
  }
  return names;
}

/**
 * The key of the browser-wide entry older versions kept ("geminiApiKey", nobody's in particular):
 * dropped unread, so it is never shown to or spent by whoever signs in next.
 */
function dropBrowserWideKey() {
  try {
    localStorage.removeItem(PREFIX);
    sessionStorage.removeItem(PREFIX);
  } catch {
    // Storage unavailable: there is nothing in it either.
  }
}

/**
 * The user of the session stored on this device, for a caller outside React that names nobody (the
 * field names its user). Null when nobody is signed in here.
 */
function storedSessionUserId(): string | null {
  try {
    const raw = localStorage.getItem(sessionStorageKey());
    const id = raw ? (JSON.parse(raw) as { user?: { id?: unknown } }).user?.id : undefined;
    return typeof id === "string" && id ? id : null;
  } catch {
    return null;
  }
}

export function isApiKeyRemembered(userId: string | null | undefined): boolean {
  if (!userId) return false;
  try {
    return localStorage.getItem(apiKeyStorageKey(userId)) !== null;
  } catch {
    return false;
  }
}

/**
 * Stores (or, empty, removes) the user's key: for this tab, or on this device when `remember`.
 * Without a user (nobody signed in) nothing is kept.
 */
export function setApiKey(
  value: string,
  remember: boolean,
  userId: string | null | undefined = storedSessionUserId(),
) {
  const key = value.trim();
  dropBrowserWideKey();
  if (userId) {
    const name = apiKeyStorageKey(userId);
    try {
      localStorage.removeItem(name);
      sessionStorage.removeItem(name);
      if (key) (remember ? localStorage : sessionStorage).setItem(name, key);
    } catch {
      // Storage can be unavailable (private mode quotas): the key then can't be kept.
    }
  }
  store.emit();
}

/**
 * Removes every stored key from this browser, both storages (sign-out: the next person at this
 * device must not spend it). Only one account is signed in on a browser at a time, so any key left
 * is one a sign-out should already have taken.
 */
export function clearApiKeys() {
  try {
    for (const storage of [localStorage, sessionStorage]) {
      for (const name of namesIn(storage)) storage.removeItem(name);
    }
  } catch {
    // Storage unavailable: nothing was kept.
  }
  store.emit();
}

function subscribe(listener: () => void) {
  dropBrowserWideKey();
  return store.subscribe(listener);
}

/** The signed-in user's stored key ("" when none, and always when signed out). */
export function useApiKey(): string {
  const userId = useUser()?.id ?? null;
  return useSyncExternalStore(
    subscribe,
    () => read(userId),
    () => "",
  );
}
