// The visitor's own Gemini key (lib/api-key.ts): per user, per tab or remembered, and cleared.
import { describe, expect, it } from "vitest";
import { apiKeyStorageKey, clearApiKeys, isApiKeyRemembered, setApiKey } from "@/lib/api-key";
import { makeSession, makeUser, storeSession } from "../msw/supabase";

const ADA = "user-ada";
const BOB = "user-bob";

describe("lib/api-key: one key per account, none left at sign-out", () => {
  it("keeps each account's key under its own name, for the tab or (remembered) the device", () => {
    setApiKey(" ada-key ", true, ADA);
    setApiKey("bob-key", false, BOB);
    expect(localStorage.getItem(apiKeyStorageKey(ADA))).toBe("ada-key");
    expect(sessionStorage.getItem(apiKeyStorageKey(BOB))).toBe("bob-key");
    expect(isApiKeyRemembered(ADA)).toBe(true);
    expect(isApiKeyRemembered(BOB)).toBe(false);
    // Un-remembering moves it to the tab; emptying removes it.
    setApiKey("ada-key", false, ADA);
    expect(localStorage.getItem(apiKeyStorageKey(ADA))).toBeNull();
    expect(sessionStorage.getItem(apiKeyStorageKey(ADA))).toBe("ada-key");
    setApiKey("", false, ADA);
    expect(sessionStorage.getItem(apiKeyStorageKey(ADA))).toBeNull();
  });

  it("with nobody signed in, nothing is kept; otherwise it is the stored session's account", () => {
    setApiKey("nobodys-key", true);
    expect(Object.keys(localStorage).concat(Object.keys(sessionStorage))).toEqual([]);
    const user = makeUser();
    storeSession(makeSession(user));
    setApiKey("ada-key", false);
    expect(sessionStorage.getItem(apiKeyStorageKey(user.id))).toBe("ada-key");
  });

  it("clearApiKeys removes every key from both storages, the old browser-wide one too, and nothing else", () => {
    setApiKey("ada-key", true, ADA);
    setApiKey("bob-key", false, BOB);
    localStorage.setItem("geminiApiKey", "old-shared-key");
    sessionStorage.setItem("geminiApiKey", "old-shared-key");
    localStorage.setItem("theme", "dark");
    clearApiKeys();
    expect(Object.keys(localStorage)).toEqual(["theme"]);
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it("storing a key drops the old browser-wide entry", () => {
    localStorage.setItem("geminiApiKey", "old-shared-key");
    setApiKey("ada-key", false, ADA);
    expect(localStorage.getItem("geminiApiKey")).toBeNull();
  });
});
