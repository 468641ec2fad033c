/** What every page needs above the router: the theme, the data cache, the session, toasts and the announcer. */
import { useEffect, useState, type ReactNode } from "react";
import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { LiveAnnouncer } from "@/components/live-announcer";
import { Toaster } from "@/components/ui/sonner";
import { AuthProvider } from "@/lib/auth";
import { isOnline, onConnectionChange } from "@/lib/connection";
import { useResolvedTheme } from "@/lib/preferences";
import { getSupabase, mayHaveSession } from "@/lib/supabase";
import { ThemeProvider } from "./theme-provider";

// The data cache knows the connection from the start (a page opened offline): a read made offline waits
// for the connection instead of failing, and runs the moment it is back (with refetchOnReconnect).
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return onConnectionChange(() => setOnline(isOnline()));
});

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // refetchOnReconnect (the default): the plan and the usage are read again when the connection is back.
      queries: { retry: 3, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Back online: the stored session is read again, which refreshes it if it expired meanwhile (the auth
 * client then says TOKEN_REFRESHED, and a page waiting for the sign-in check opens without a reload).
 */
function useSessionOnReconnect() {
  useEffect(
    () =>
      onConnectionChange(() => {
        if (!isOnline() || !mayHaveSession()) return;
        getSupabase()
          .then((supabase) => supabase.auth.getSession())
          .then(({ error }) => {
            if (error) throw error;
          })
          .catch((error: unknown) => console.warn("The session could not be refreshed yet", error));
      }),
    [],
  );
}

/** Everything the app needs above the router: theme, data cache, session, toasts, screen-reader announcements. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useResolvedTheme();
  useSessionOnReconnect();
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          {children}
          <Toaster theme={theme} />
          <LiveAnnouncer />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
