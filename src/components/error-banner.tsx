/** The red error banner of the tool pages. */
import type { ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** The red error banner of the tool pages: what went wrong and what to do. */
export function ErrorBanner({
  message,
  advice,
  action,
}: {
  message: string;
  advice?: string;
  action?: ReactNode;
}) {
  return (
    <Alert variant="destructive" data-testid="error-banner">
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
