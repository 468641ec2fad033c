/**
 * What My Creations says about this device's storage: how much the creations take and what the
 * browser allows, and a warning with a way to make room when it is almost full.
 */
import { Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatBytes, type StorageEstimateInfo } from "@/lib/creations";

/** Past this share of what the browser allows, the page warns and offers to delete the oldest. */
const LOW_SPACE_SHARE = 0.9;

export function StorageLine({
  count,
  bytes,
  estimate,
}: {
  count: number;
  bytes: number;
  estimate: StorageEstimateInfo | null;
}) {
  const creations = `${count} ${count === 1 ? "creation" : "creations"}`;
  return (
    <p data-testid="creations-storage" className="text-sm text-muted-foreground">
      {creations} · {formatBytes(bytes)} on this device
      {estimate && estimate.quota > 0 && (
        <>
          {" "}
          · this browser allows up to {formatBytes(estimate.quota)} ({formatBytes(estimate.usage)} used)
        </>
      )}
    </p>
  );
}

/** The warning when the browser's storage is almost full; `oldest` is how many "make room" deletes. */
export function LowSpaceAlert({
  estimate,
  oldest,
  onMakeRoom,
}: {
  estimate: StorageEstimateInfo | null;
  oldest: number;
  onMakeRoom: () => void;
}) {
  if (!estimate || estimate.quota <= 0 || estimate.usage / estimate.quota < LOW_SPACE_SHARE) return null;
  return (
    <Alert>
      <AlertTitle>This browser is running out of space for your creations.</AlertTitle>
      <AlertDescription>
        <p>New results may not be kept. Download what you want to keep, then make room.</p>
        <Button size="sm" variant="outline" className="mt-2" onClick={onMakeRoom}>
          <Trash2 aria-hidden="true" />
          Delete the {oldest} oldest
        </Button>
      </AlertDescription>
    </Alert>
  );
}
