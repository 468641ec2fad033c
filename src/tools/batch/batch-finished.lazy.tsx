/**
 * (Fetched on demand by batch-page.tsx once photos are added, or a last batch is shown again.) A
 * finished batch's actions: Download all and Start over first; "Process again…" second, with its cost,
 * asking before it runs the same photos again (as many conversions again).
 */
import { useState, type ReactNode, type Ref } from "react";
import { Download, Loader2, RefreshCw, RotateCcw } from "lucide-react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { conversions, costText } from "@/components/remaining-counter";
import { Button } from "@/components/ui/button";
import { processAgainQuestion } from "./batch-copy";

export type BatchFinishedProps = {
  /** The photos a new run takes, and what is left this month (null while unknown). */
  count: number;
  left: number | null;
  /** More photos than conversions left: no question, the refusal as for any run. */
  short: boolean;
  /** The cost note (or the refusal's warning) shown beside "Process again…". */
  cost: ReactNode;
  /** How many results there are to download. */
  done: number;
  zipping: boolean;
  onDownloadAll: () => void;
  onStartOver: () => void;
  onProcessAgain: () => void;
  /** Where focus goes when a run ends (useBatchFocus): Download all, else Start over. */
  downloadRef: Ref<HTMLButtonElement>;
  startOverRef: Ref<HTMLButtonElement>;
};

export function BatchFinished({
  count,
  left,
  short,
  cost,
  done,
  zipping,
  onDownloadAll,
  onStartOver,
  onProcessAgain,
  downloadRef,
  startOverRef,
}: BatchFinishedProps) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="space-y-4" data-testid="batch-finished">
      <div className="flex flex-wrap gap-2">
        {done > 0 && (
          <Button ref={downloadRef} type="button" onClick={onDownloadAll} disabled={zipping}>
            {zipping ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Download aria-hidden="true" />
            )}
            Download all
          </Button>
        )}
        <Button ref={startOverRef} type="button" variant="outline" onClick={onStartOver}>
          <RotateCcw aria-hidden="true" />
          Start over
        </Button>
      </div>
      {/* Running the same photos again: a secondary step, its cost beside it, asked before. */}
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
      </div>
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
