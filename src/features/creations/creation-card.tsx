/** One creation in the My Creations grid: its thumbnail (or text excerpt), tool, date and instruction. */
import { Images } from "lucide-react";
import { getTool } from "@/config/tools";
import type { CreationRecord } from "@/lib/creations";
import { ChainLine, chainText, creationChain } from "./creation-chain";
import { formatDate } from "./format";
import type { ThumbUrls } from "./use-creations";

export function CreationCard({
  record,
  thumbs,
  onOpen,
}: {
  record: CreationRecord;
  thumbs: ThumbUrls | undefined;
  onOpen: () => void;
}) {
  const tool = getTool(record.tool);
  const date = formatDate(record.createdAt);
  const chain = creationChain(record);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${tool.label} creation from ${date}${chain.length ? `, made with ${chainText(chain)}` : ""}`}
        className="group flex h-full w-full flex-col overflow-hidden rounded-xl border bg-card text-left transition-colors outline-none hover:border-primary/60 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <div className="relative aspect-square w-full overflow-hidden bg-muted">
          {record.kind === "text" ? (
            <p className="line-clamp-[8] p-3 text-xs leading-relaxed whitespace-pre-line text-foreground/80">
              {record.excerpt}
            </p>
          ) : thumbs?.result ? (
            <img
              src={thumbs.result}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-full object-cover transition-transform group-hover:scale-[1.02]"
            />
          ) : (
            <Images aria-hidden="true" className="absolute inset-0 m-auto size-8 text-muted-foreground" />
          )}
          {thumbs?.original && (
            <img
              src={thumbs.original}
              alt=""
              loading="lazy"
              className="absolute bottom-2 left-2 size-10 rounded-md border-2 border-background object-cover shadow"
            />
          )}
        </div>
        <div className="grid gap-0.5 p-2.5">
          <span className="truncate text-sm font-medium">{tool.label}</span>
          <ChainLine chain={chain} />
          <span className="text-xs text-muted-foreground">{date}</span>
          {record.instruction && (
            <span className="line-clamp-2 text-xs break-words text-muted-foreground">
              {record.instruction}
            </span>
          )}
        </div>
      </button>
    </li>
  );
}
