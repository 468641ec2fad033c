/**
 * (Fetched on demand by batch-page.tsx once photos are added, or a last batch is shown again.) A
 * finished batch's secondary action: "Process again…", with its cost, asking before it runs the same
 * photos again (as many conversions again). Download all and Start over, the main actions, are the page's.
 */
import { useState, type ReactNode } from "react";
import { RefreshCw } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { conversions, costText } from "@/components/remaining-counter";
import { Button } from "@/components/ui/button";
import { processAgainQuestion } from "./batch-copy";

export type ProcessAgainProps = {
  /** The photos a new run takes, and what is left this month (null while unknown). */
  count: number;
  left: number | null;
  /** More photos than conversions left: no question, the refusal as for any run. */
  short: boolean;
  /** The cost note (or the refusal's warning) shown beside "Process again…". */
  cost: ReactNode;
  onProcessAgain: () => void;
};

export function ProcessAgain({ count, left, short, cost, onProcessAgain }: ProcessAgainProps) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="space-y-2 border-t pt-3">
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="-ml-2"
        onClick={() => (short ? onProcessAgain() : setAsking(true))}
        onPointerEnter={ConfirmDialog.preload}
        onFocus={ConfirmDialog.preload}
      >
        <RefreshCw aria-hidden="true" />
        Process again…
      </Button>
      {cost}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={processAgainQuestion(count)}
        description={`${costText(count, left)} The results you have now stay in My Creations.`}
        cancelLabel="Cancel"
        confirmLabel={`Use ${conversions(count)}`}
        onConfirm={() => {
          setAsking(false);
          onProcessAgain();
        }}
      />
    </div>
  );
}
