import { useSyncExternalStore } from "react";

/**
 * The visitor's own Gemini key. Kept for this browser session only (sessionStorage) unless they tick
 * "remember on this device" (localStorage). Never put in a URL or a log.
 */
const STORAGE_KEY = "geminiApiKey";

const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? sessionStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return "";
  }
}

export function isApiKeyRemembered(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function setApiKey(value: string, remember: boolean) {
  const key = value.trim();
  try {
    localStorage.removeItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    if (key) (remember ? localStorage : sessionStorage).setItem(STORAGE_KEY, key);
  } catch {
    // Storage can be unavailable (private mode quotas): the key then lives only in the page's state.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The stored key ("" when none). */
export function useApiKey(): string {
  return useSyncExternalStore(subscribe, read, () => "");
}
