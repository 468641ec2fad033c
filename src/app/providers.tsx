/** What every page needs above the router: the theme, the data cache, the session and toasts. */
import { useState, type ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "@/components/ui/sonner";
import { AuthProvider } from "@/lib/auth";
import { useResolvedTheme } from "@/lib/preferences";
import { ThemeProvider } from "./theme-provider";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 3, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Everything the app needs above the router: theme, data cache, session, toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useResolvedTheme();
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <AuthProvider>
          {children}
          <Toaster theme={theme} />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
