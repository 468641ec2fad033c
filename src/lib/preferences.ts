/**
 * The visitor's local preferences (SPEC 3), one localStorage key each, read with safe defaults:
 * `displayName` ("User"), `emailNotifications` ("true"/"false", default true), `pushNotifications`
 * ("true"/"false", default false) and `theme` ("light" | "dark" | "system", default light). The shape and
 * size last chosen on each image tool are kept beside them, in lib/tool-output.ts (loaded with the tools).
 * A tiny store on top (useSyncExternalStore) keeps the menu, the dialogs and the theme in step, in this
 * tab and in every other open tab (the `storage` event).
 */
import { useSyncExternalStore } from "react";
import { createStorageStore } from "@/lib/storage-store";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export type ResolvedTheme = "light" | "dark";

export type Preferences = {
  displayName: string;
  emailNotifications: boolean;
  pushNotifications: boolean;
  theme: Theme;
};

export const PREFERENCE_KEYS = {
  displayName: "displayName",
  emailNotifications: "emailNotifications",
  pushNotifications: "pushNotifications",
  theme: "theme",
} as const satisfies Record<keyof Preferences, string>;

export const DEFAULT_DISPLAY_NAME = "User";
export const DISPLAY_NAME_MAX_LENGTH = 50;

export const DEFAULT_PREFERENCES: Preferences = {
  displayName: DEFAULT_DISPLAY_NAME,
  emailNotifications: true,
  pushNotifications: false,
  theme: "light",
};

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** What the display name input turns into on save: trimmed, at most 50 characters, "User" when blank. */
export function normalizeDisplayName(value: string): string {
  return value.trim().slice(0, DISPLAY_NAME_MAX_LENGTH).trim() || DEFAULT_DISPLAY_NAME;
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage disabled (privacy settings): every preference reads as its default.
    return null;
  }
}

function parseBoolean(raw: string | null, fallback: boolean): boolean {
  if (raw === "true") return true;
  if (raw === "false") return false;
  return fallback;
}

function fromRaw(raw: Record<keyof Preferences, string | null>): Preferences {
  return {
    displayName: raw.displayName === null ? DEFAULT_DISPLAY_NAME : normalizeDisplayName(raw.displayName),
    emailNotifications: parseBoolean(raw.emailNotifications, DEFAULT_PREFERENCES.emailNotifications),
    pushNotifications: parseBoolean(raw.pushNotifications, DEFAULT_PREFERENCES.pushNotifications),
    theme: isTheme(raw.theme) ? raw.theme : DEFAULT_PREFERENCES.theme,
  };
}

let cachedKey: string | undefined;
let cached: Preferences = DEFAULT_PREFERENCES;

/** The stored preferences (the same object while nothing changed, as useSyncExternalStore needs). */
export function readPreferences(): Preferences {
  const raw = {
    displayName: readRaw(PREFERENCE_KEYS.displayName),
    emailNotifications: readRaw(PREFERENCE_KEYS.emailNotifications),
    pushNotifications: readRaw(PREFERENCE_KEYS.pushNotifications),
    theme: readRaw(PREFERENCE_KEYS.theme),
  };
  const key = JSON.stringify(raw);
  if (key !== cachedKey) {
    cachedKey = key;
    cached = fromRaw(raw);
  }
  return cached;
}

const PREFERENCE_KEY_NAMES: readonly string[] = Object.values(PREFERENCE_KEYS);
const store = createStorageStore((key) => PREFERENCE_KEY_NAMES.includes(key));

/**
 * Store every preference. Throws when the browser refuses to store them (storage full or disabled),
 * so the caller can say "Failed to save settings.".
 */
export function savePreferences(next: Preferences): void {
  try {
    localStorage.setItem(PREFERENCE_KEYS.displayName, normalizeDisplayName(next.displayName));
    localStorage.setItem(PREFERENCE_KEYS.emailNotifications, String(next.emailNotifications));
    localStorage.setItem(PREFERENCE_KEYS.pushNotifications, String(next.pushNotifications));
    localStorage.setItem(PREFERENCE_KEYS.theme, next.theme);
  } finally {
    store.emit();
  }
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(store.subscribe, readPreferences, () => DEFAULT_PREFERENCES);
}

// --- Theme ------------------------------------------------------------------------------------------

/** A theme picked in Settings but not saved yet: shown at once, forgotten on Cancel. */
let previewTheme: Theme | null = null;

export function setThemePreview(theme: Theme | null): void {
  if (previewTheme === theme) return;
  previewTheme = theme;
  store.emit();
}

function getAppliedTheme(): Theme {
  return previewTheme ?? readPreferences().theme;
}

export const DARK_MEDIA_QUERY = "(prefers-color-scheme: dark)";

function darkMediaQuery(): MediaQueryList | null {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return null;
  try {
    return window.matchMedia(DARK_MEDIA_QUERY) ?? null;
  } catch {
    return null;
  }
}

function subscribeToSystemTheme(onChange: () => void): () => void {
  const mql = darkMediaQuery();
  if (!mql) return () => {};
  if (typeof mql.addEventListener === "function") {
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }
  // Older Safari: the deprecated listener API only.
  mql.addListener?.(onChange);
  return () => mql.removeListener?.(onChange);
}

function systemPrefersDark(): boolean {
  return darkMediaQuery()?.matches === true;
}

export function resolveTheme(theme: Theme, prefersDark: boolean): ResolvedTheme {
  if (theme === "system") return prefersDark ? "dark" : "light";
  return theme;
}

/** The theme the app shows right now (the Settings preview, else the saved one), as light or dark. */
export function useResolvedTheme(): ResolvedTheme {
  const theme = useSyncExternalStore(store.subscribe, getAppliedTheme, () => DEFAULT_PREFERENCES.theme);
  const prefersDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  return resolveTheme(theme, prefersDark);
}

/** Put the `dark` class on <html> (index.css holds the dark colours) or take it off. */
export function applyThemeClass(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle("dark", theme === "dark");
}
