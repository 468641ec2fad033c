/** One image of the batch as a card: its thumbnail, where it is, its result or error, and its actions. */
import { memo } from "react";
import {
  AlertCircle,
  Ban,
  CheckCircle2,
  Clock,
  Download,
  ImageOff,
  Loader2,
  Send,
  Trash2,
  X,
} from "lucide-react";
import { lazyPart } from "@/components/on-demand";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { BatchItem, ItemStatus } from "./batch-state";

/** A result's Share and "Edit with…": fetched with the first result of a batch. */
const ResultActions = lazyPart(() => import("./batch-card.lazy").then((m) => m.ResultActions));

const STATUS: Record<ItemStatus, { label: string; className: string; icon: typeof Clock }> = {
  idle: { label: "Ready", className: "bg-muted text-muted-foreground", icon: Clock },
  waiting: { label: "Waiting", className: "bg-muted text-muted-foreground", icon: Clock },
  preparing: {
    label: "Preparing",
    className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
    icon: Loader2,
  },
  sending: {
    label: "Sending",
    className: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
    icon: Send,
  },
  done: {
    label: "Done",
    className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
    icon: CheckCircle2,
  },
  failed: { label: "Failed", className: "bg-destructive/10 text-destructive", icon: AlertCircle },
  cancelled: { label: "Cancelled", className: "bg-muted text-muted-foreground", icon: Ban },
};

type BatchCardProps = {
  item: BatchItem;
  resultName: string | undefined;
  /** A batch is running (remove is not offered meanwhile). */
  running: boolean;
  onCancel: (id: string) => void;
  onRemove: (id: string) => void;
  onDownload: (id: string) => void;
};

/** One image of the batch: its original, its state, then its result or "Error: {text}". */
export const BatchCard = memo(function BatchCard({
  item,
  resultName,
  running,
  onCancel,
  onRemove,
  onDownload,
}: BatchCardProps) {
  const name = item.file.name || "Untitled image";
  const status = STATUS[item.status];
  const StatusIcon = status.icon;
  const working = item.status === "waiting" || item.status === "preparing" || item.status === "sending";
  const titleId = `${item.id}-name`;

  return (
    <li
      aria-labelledby={titleId}
      data-testid="batch-card"
      data-status={item.status}
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div className="grid grid-cols-2 gap-px bg-border">
        <figure className="relative aspect-square bg-muted">
          {item.thumb.state === "ready" ? (
            <img
              src={item.thumb.url}
              alt={`Original: ${name}`}
              className="size-full object-cover"
              draggable={false}
            />
          ) : (
            <div
              className="flex size-full items-center justify-center text-muted-foreground"
              role="img"
              aria-label={
                item.thumb.state === "failed" ? `No preview of ${name}` : `Loading the preview of ${name}`
              }
            >
              {item.thumb.state === "failed" ? (
                <ImageOff aria-hidden="true" className="size-8" />
              ) : (
                <Loader2 aria-hidden="true" className="size-6 animate-spin" />
              )}
            </div>
          )}
          <figcaption className="sr-only">Original</figcaption>
        </figure>
        <figure className="relative flex aspect-square items-center justify-center bg-muted">
          {item.result ? (
            <img
              src={item.result.url}
              alt={`Result: ${name}`}
              className="size-full object-cover"
              draggable={false}
            />
          ) : (
            <StatusIcon
              aria-hidden="true"
              className={cn(
                "size-7 text-muted-foreground",
                (item.status === "preparing" || item.status === "sending") && "animate-pulse",
                item.status === "failed" && "text-destructive",
              )}
            />
          )}
          <figcaption className="sr-only">Result</figcaption>
        </figure>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-start justify-between gap-2">
          <p id={titleId} className="min-w-0 truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <span
            className={cn(
              "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium",
              status.className,
            )}
            data-testid="batch-status"
          >
            <StatusIcon
              aria-hidden="true"
              className={cn("size-3", item.status === "preparing" && "animate-spin")}
            />
            {status.label}
          </span>
        </div>

        {item.error ? (
          // Not an alert: a failed image is said in the batch's progress and its summary toast.
          <div className="space-y-1 text-xs">
            <p className="font-medium text-destructive">Error: {item.error.text}</p>
            <p className="text-muted-foreground">{item.error.advice}</p>
          </div>
        ) : (
          item.thumb.state === "failed" &&
          item.status === "idle" && <p className="text-xs text-destructive">{item.thumb.message}</p>
        )}

        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          {working && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => onCancel(item.id)}
              aria-label={`Cancel ${name}`}
            >
              <X aria-hidden="true" />
              Cancel
            </Button>
          )}
          {item.result && resultName && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => onDownload(item.id)}
              aria-label={`Download ${resultName}`}
            >
              <Download aria-hidden="true" />
              Download
            </Button>
          )}
          {item.result && resultName && (
            <ResultActions
              fallback={null}
              onFailed={() => undefined}
              blob={item.result.blob}
              name={resultName}
              running={running}
            />
          )}
          {!running && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => onRemove(item.id)}
              aria-label={`Remove ${name}`}
              className="text-muted-foreground"
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
      </div>
    </li>
  );
});
