/** The signed-in state for the whole app (useAuth, useUser), loading the Supabase client only when needed. */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { Session, User } from "@supabase/auth-js";
import { useQueryClient } from "@tanstack/react-query";
import { isOnline } from "@/lib/connection";
import {
  getSupabase,
  isAuthRetryableFetchError,
  mayHaveSession,
  onSupabaseLoaded,
  sessionStorageKey,
  storedSession,
  type AppSupabase,
} from "@/lib/supabase";

export type AuthState =
  | { status: "loading"; session: null; user: null }
  | { status: "signed-in"; session: Session; user: User }
  | { status: "signed-out"; session: null; user: null };

const LOADING: AuthState = { status: "loading", session: null, user: null };
const SIGNED_OUT: AuthState = { status: "signed-out", session: null, user: null };

const AuthContext = createContext<AuthState | null>(null);

function fromSession(session: Session | null): AuthState {
  return session ? { status: "signed-in", session, user: session.user } : SIGNED_OUT;
}

/**
 * No session from the client although one is still stored: the auth server could not be reached to
 * refresh it (a refused refresh removes it and says SIGNED_OUT). The visitor stays who they are on
 * this device (My Creations, the photos on the page) until the client refreshes it, back online.
 */
function unreachedSession(): AuthState | null {
  const kept = storedSession();
  return kept ? fromSession(kept) : null;
}

/** The first state: signed out for sure, the stored session at once when offline (no refresh can run), or loading. */
function initialState(): AuthState {
  if (!mayHaveSession()) return SIGNED_OUT;
  return (!isOnline() && unreachedSession()) || LOADING;
}

/**
 * Session state from getSession() plus onAuthStateChange (the Supabase pattern). The callback only
 * sets state: no awaited Supabase call inside it, which would dead-lock the client.
 *
 * The Supabase client is loaded on demand. With no stored session (and no auth redirect in the URL)
 * the visitor is signed out for sure: the state says so from the first render and the client is not
 * loaded until something needs it (signing in, or a session appearing from another tab). With a
 * stored session the state is "loading" until the client has checked it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState);
  const queryClient = useQueryClient();

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;

    const attach = (supabase: AppSupabase) => {
      if (!active) return;
      supabase.auth
        .getSession()
        .then(({ data, error }) => {
          if (!active) return;
          if (error) console.error("Could not read the session", error);
          const unreached = !data.session && isAuthRetryableFetchError(error) ? unreachedSession() : null;
          setState(unreached ?? fromSession(data.session));
        })
        .catch((error: unknown) => {
          console.error("Could not read the session", error);
          if (active) setState((!isOnline() && unreachedSession()) || SIGNED_OUT);
        });
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        if (!active) return;
        const unreached = !session && event !== "SIGNED_OUT" ? unreachedSession() : null;
        setState(unreached ?? fromSession(session));
        // Whatever was cached for the previous user (tier, usage) must not leak to the next one.
        if (event === "SIGNED_OUT") queryClient.clear();
      });
      unsubscribe = () => data.subscription.unsubscribe();
    };
    const stopWaiting = onSupabaseLoaded(attach);

    const load = () =>
      getSupabase().catch((error: unknown) => {
        // The client's code could not be fetched (offline): nobody can be signed in on this page.
        console.error("Could not load the session", error);
        if (active) setState((!isOnline() && unreachedSession()) || SIGNED_OUT);
      });
    if (mayHaveSession()) void load();
    // Signed in from another tab: load the client, which restores that session here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === sessionStorageKey() && event.newValue !== null) void load();
    };
    window.addEventListener("storage", onStorage);

    return () => {
      active = false;
      stopWaiting();
      unsubscribe?.();
      window.removeEventListener("storage", onStorage);
    };
  }, [queryClient]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error("useAuth must be used inside <AuthProvider>");
  return state;
}

/** The signed-in user, or null. */
export function useUser(): User | null {
  return useAuth().user;
}
