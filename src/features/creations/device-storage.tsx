/**
 * What My Creations says about this device's storage: how many creations there are and how much they
 * take, and, only when the browser's space runs low, a warning with the figures and a way to make room.
 */
import { Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatBytes, type StorageEstimateInfo } from "@/lib/creations";

/** Past this share of what the browser allows, the page warns and offers to delete the oldest. */
const LOW_SPACE_SHARE = 0.9;

export function StorageLine({ count, bytes }: { count: number; bytes: number }) {
  const creations = `${count} ${count === 1 ? "creation" : "creations"}`;
  return (
    <p data-testid="creations-storage" className="text-sm text-muted-foreground">
      {creations}
      {count > 0 && <> · {formatBytes(bytes)} on this device</>}
    </p>
  );
}

/** Whether the browser's storage is almost full. */
function spaceIsLow(estimate: StorageEstimateInfo | null): estimate is StorageEstimateInfo {
  return !!estimate && estimate.quota > 0 && estimate.usage / estimate.quota >= LOW_SPACE_SHARE;
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
  if (!spaceIsLow(estimate)) return null;
  return (
    <Alert>
      <AlertTitle>This browser is running out of space for your creations.</AlertTitle>
      <AlertDescription>
        <p>
          {formatBytes(estimate.usage)} of {formatBytes(estimate.quota)} used. New results may not be kept.
          Download what you want to keep, then make room.
        </p>
        <Button size="sm" variant="outline" className="mt-2" onClick={onMakeRoom}>
          <Trash2 aria-hidden="true" />
          Delete the {oldest} oldest
        </Button>
      </AlertDescription>
    </Alert>
  );
}
