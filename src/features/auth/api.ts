import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { getSupabase } from "@/lib/supabase";

export type Credentials = { email: string; password: string };
export type AuthMode = "login" | "signup";

/** Messages from the auth provider are shown as they are (SPEC 8, Login). */
async function signIn({ email, password }: Credentials) {
  const { data, error } = await getSupabase().auth.signInWithPassword({ email, password });
  if (error) throw error;
  return data;
}

async function signUp({ email, password }: Credentials) {
  const { data, error } = await getSupabase().auth.signUp({ email, password });
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

async function signOut() {
  const { error } = await getSupabase().auth.signOut();
  if (error) throw error;
}

export function useSignOut() {
  return useMutation({
    mutationKey: ["auth", "sign-out"],
    mutationFn: signOut,
    retry: false,
    onSuccess: () => toast.success("You have been logged out successfully"),
    onError: (error) => {
      console.error("Sign-out failed", error);
      toast.error("Failed to log out. Please try again.");
    },
  });
}
