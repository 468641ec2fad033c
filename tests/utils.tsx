import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { QueryClient } from "@tanstack/react-query";
import { AppProviders } from "@/app/providers";
import { appRoutes } from "@/app/routes";
import { knownPicture } from "@/lib/image/picture-urls";
import { blobDataUrl } from "@/lib/read-blob";

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

/**
 * The picture an <img> shows, as a data: URL: the Blob behind its object URL (a result is kept once, as a
 * Blob, and shown through a URL of lib/image/picture-urls.ts), or its data: URL as it is.
 */
export async function shownPicture(img: Element): Promise<string> {
  const src = img.getAttribute("src") ?? "";
  const blob = knownPicture(src);
  if (!blob) throw new Error(`No picture is known behind ${src}`);
  return blobDataUrl(blob);
}
