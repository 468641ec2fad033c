/** The red error banner of the tool pages. */
import { useEffect, useRef, type ReactNode } from "react";
import { AlertCircle } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/**
 * The red error banner of the tool pages: what went wrong and what to do. It is the one place a failure
 * is said (issue 27 §4: no toast repeats it), so it is an alert, announced when it appears, and it is
 * brought into view (clear of the sticky top bar) on a page scrolled past it. It stays on the page to be
 * read and to offer "Try again".
 */
export function ErrorBanner({
  message,
  advice,
  action,
}: {
  message: string;
  advice?: string;
  action?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [message]);
  return (
    <Alert ref={ref} variant="destructive" data-testid="error-banner" role="alert" className="scroll-mt-20">
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
