/** Signing out, which also removes the account's Gemini key from this device. */
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { clearApiKeys } from "@/lib/api-key";
import { getSupabase } from "@/lib/supabase";

async function signOut() {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut();
  if (error) throw error;
  // A shared device: the next person must not spend this account's Gemini key.
  clearApiKeys();
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
