/** The notice on every AI tool page while there is no connection: the tool needs one, nothing else is lost. */
import { WifiOff } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useOnline } from "@/hooks/use-online";
import { OFFLINE_TOOL_MESSAGE } from "@/lib/offline";

/**
 * A polite live region that is always on the page (out of the layout while online), so the notice is
 * announced once when the connection drops instead of at every render, and leaves when it returns.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" data-testid="offline-notice" className={online ? "sr-only" : undefined}>
      {!online && (
        <Alert variant="warning" role={undefined}>
          <WifiOff aria-hidden="true" />
          <AlertDescription>{OFFLINE_TOOL_MESSAGE}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
