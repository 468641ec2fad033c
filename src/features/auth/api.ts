/** Logging in and signing up with email and password, as mutations the auth page runs. */
import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";

export type Credentials = { email: string; password: string };
export type AuthMode = "login" | "signup";

/** Messages from the auth provider are shown as they are (SPEC 8, Login). */
async function signIn({ email, password }: Credentials) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data;
}

async function signUp({ email, password }: Credentials) {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signUp({ email, password });
  if (error) throw error;
  return data;
}

export function useCredentialsMutation(mode: AuthMode) {
  return useMutation({
    mutationKey: ["auth", mode],
    mutationFn: mode === "login" ? signIn : signUp,
    retry: false,
  });
}
