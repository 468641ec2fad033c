/**
 * What the useAiRun tests share: the hook inside the app's providers and a router, signing in on a
 * plan, the tool's wording, and a task the test finishes by hand.
 */
import type { ReactNode } from "react";
import { renderHook, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { QueryClient } from "@tanstack/react-query";
import { expect } from "vitest";
import { AppProviders } from "@/app/providers";
import { useAiRun, type AiRunOptions } from "@/hooks/use-ai-run";
import { useUser } from "@/lib/auth";
import { monthKey, USAGE_STORAGE_KEY } from "@/lib/usage";
import { server } from "../msw/server";
import { makeUser, makeSession, storeSession, subscriptionHandler } from "../msw/supabase";

export const USER = makeUser();

/** The hook inside the app's providers and a router whose location the test can read. */
export function setup<I, R>(options: AiRunOptions<I, R>) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: "*", element: children }], { initialEntries: ["/tool"] });
    return (
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </AppProviders>
    );
  };
  const hook = renderHook(
    () => {
      const ai = useAiRun(options);
      return { ...ai, signedIn: Boolean(useUser()) };
    },
    { wrapper },
  );
  return { ...hook, location: () => router?.state.location.pathname };
}

export function signedIn(tier: "Freemium" | "$5/month" | "$10/month" | null = null, used = 0) {
  storeSession(makeSession(USER));
  if (used) localStorage.setItem(USAGE_STORAGE_KEY, JSON.stringify({ [USER.id]: { [monthKey()]: used } }));
  server.use(subscriptionHandler(tier));
}

export const copy = () => ({
  processing: "Working...",
  success: "Done!",
  failure: (reason: string) => `Failed to do it: ${reason}`,
});

/** A task the test finishes by hand, watching its abort signal. */
export function deferredTask() {
  const calls: { input: string; signal: AbortSignal; resolve: (v: string) => void }[] = [];
  const execute = (input: string, ctx: { signal: AbortSignal }) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ input, signal: ctx.signal, resolve });
      ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason), { once: true });
    });
  return { calls, execute };
}

/** The session is read from storage after mount: act once the hook knows the user. */
export async function waitForUser(result: { current: { signedIn: boolean } }) {
  await waitFor(() => expect(result.current.signedIn).toBe(true));
}
