// lib/supabase.ts before the client is loaded: the session's storage key, whether one may exist,
// and the "no answer from the server" error.
import {
  AuthApiError,
  AuthRetryableFetchError,
  isAuthRetryableFetchError as authJsCheck,
} from "@supabase/auth-js";
import { afterEach, describe, expect, it } from "vitest";
import { isAuthRetryableFetchError, mayHaveSession, sessionStorageKey } from "@/lib/supabase";
import { SESSION_STORAGE_KEY } from "../msw/supabase";

describe("the Supabase client module, before the client is loaded", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("keeps the session where supabase-js keeps it (sb-<host label>-auth-token)", () => {
    expect(sessionStorageKey()).toBe(SESSION_STORAGE_KEY);
  });

  it("knows a visitor with no stored session and no auth redirect is signed out", () => {
    expect(mayHaveSession()).toBe(false);
  });

  it("expects a session when one is stored", () => {
    localStorage.setItem(SESSION_STORAGE_KEY, "{}");
    expect(mayHaveSession()).toBe(true);
  });

  it.each(["/#access_token=abc&refresh_token=def", "/?error_description=Email+link+expired"])(
    "expects a session (or its error) on an auth redirect: %s",
    (url) => {
      window.history.replaceState(null, "", url);
      expect(mayHaveSession()).toBe(true);
    },
  );

  it("tells the 'no answer from the server' error apart exactly as auth-js does", () => {
    const errors = [
      new AuthRetryableFetchError("Failed to fetch", 0),
      new AuthApiError("Invalid login credentials", 400, "invalid_credentials"),
      new Error("Failed to fetch"),
      Object.assign(new Error("x"), { name: "AuthRetryableFetchError" }),
      null,
      "AuthRetryableFetchError",
    ];
    for (const error of errors) expect(isAuthRetryableFetchError(error)).toBe(authJsCheck(error));
  });
});
