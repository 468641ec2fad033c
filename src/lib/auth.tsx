import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { Session, User } from "@supabase/supabase-js";
import { useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";

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
 * Session state from getSession() plus onAuthStateChange (the Supabase pattern). The callback only
 * sets state: no awaited Supabase call inside it, which would dead-lock the client.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(LOADING);
  const queryClient = useQueryClient();

  useEffect(() => {
    const supabase = getSupabase();
    let active = true;
    supabase.auth
      .getSession()
      .then(({ data, error }) => {
        if (!active) return;
        if (error) console.error("Could not read the session", error);
        setState(fromSession(data.session));
      })
      .catch((error: unknown) => {
        console.error("Could not read the session", error);
        if (active) setState(SIGNED_OUT);
      });
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (!active) return;
      setState(fromSession(session));
      // Whatever was cached for the previous user (tier, usage) must not leak to the next one.
      if (event === "SIGNED_OUT") queryClient.clear();
    });
    return () => {
      active = false;
      data.subscription.unsubscribe();
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
