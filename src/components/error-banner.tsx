/** The red error banner of the tool pages. */
import type { ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/**
 * The red error banner of the tool pages: what went wrong and what to do. A tool's failure is said to
 * screen readers once, by its error toast (sonner's outlet is a live region), so the banner is not an
 * alert of its own: it stays on the page to be read and to offer "Try again". `live`: a banner with no
 * toast saying the same (a page that failed to load) is announced as an alert when it appears.
 */
export function ErrorBanner({
  message,
  advice,
  action,
  live = false,
}: {
  message: string;
  advice?: string;
  action?: ReactNode;
  live?: boolean;
}) {
  return (
    <Alert variant="destructive" data-testid="error-banner" role={live ? "alert" : undefined}>
      <AlertCircle aria-hidden="true" />
      {/* The whole message, wrapped: on a phone a one-line clamp cut off the cause. */}
      <AlertTitle className="line-clamp-none break-words">Error: {message}</AlertTitle>
      <AlertDescription>
        {advice && <p>{advice}</p>}
        {action && <div className="mt-2">{action}</div>}
      </AlertDescription>
    </Alert>
  );
}
