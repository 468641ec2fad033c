import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "@/app/providers";
import { appRoutes } from "@/app/routes";

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Render the whole app (real route table, providers, guards) at `path`. */
export function renderApp(path = "/") {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const queryClient = testQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
