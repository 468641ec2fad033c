/** The page shown when a route fails to load, with a way to reload. */
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Shown when a page fails to load (offline while its code is fetched, or an unexpected error). */
export function RouteError() {
  const error = useRouteError();
  const offline = typeof navigator !== "undefined" && !navigator.onLine;
  if (!isRouteErrorResponse(error)) console.error("Page failed", error);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">This page could not be loaded</h1>
      <p className="text-muted-foreground">
        {offline
          ? "You seem to be offline. Check your internet connection, then reload the page."
          : "Something went wrong on our side. Reload the page to try again."}
      </p>
      <Button onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Reload
      </Button>
    </div>
  );
}
