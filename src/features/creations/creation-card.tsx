/**
 * One photo in the My Creations grid: its newest version's thumbnail (or text excerpt), tool, date,
 * the person's own words when they typed some, and how many versions it has when more than one.
 */
import { Images, Layers } from "lucide-react";
import { getTool } from "@/tools/registry";
import { ownWords, type CreationGroup } from "@/lib/creations";
import { ChainLine, chainText, creationChain } from "./creation-chain";
import { formatDate } from "./format";
import { useThumbUrls } from "./use-creations";

/** "3 versions" (nothing for one). */
export function versionsText(count: number): string {
  return count > 1 ? `${count} versions` : "";
}

export function CreationCard({
  userId,
  group,
  onOpen,
}: {
  userId: string;
  group: CreationGroup;
  onOpen: () => void;
}) {
  const { record } = group;
  const versions = versionsText(group.versions.length);
  const tool = getTool(record.tool);
  const thumbs = useThumbUrls(userId, record);
  const date = formatDate(record.createdAt);
  const chain = creationChain(record);
  // Made by changing an area of the photo only (issue 29 §1).
  const area = record.details?.area === "yes";
  const words = ownWords(record);
  return (
    // The button lies over the whole card and holds no text: its name ("Open Hulk creation from …") is
    // the card's summary, and the visible text beside it (the person's words, a poem's lines) is read as
    // the page's text, so the name never has to repeat it (WCAG 2.5.3, label in name).
    <li className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-left transition-colors has-[button:focus-visible]:border-ring has-[button:focus-visible]:ring-[3px] has-[button:focus-visible]:ring-ring/50 has-[button:hover]:border-primary/60">
      <div className="relative aspect-square w-full overflow-hidden bg-muted">
        {record.kind === "text" ? (
          <p className="line-clamp-[8] p-3 text-xs leading-relaxed whitespace-pre-line text-foreground/80">
            {record.excerpt}
          </p>
        ) : thumbs.result ? (
          <img
            src={thumbs.result}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition-transform group-has-[button:hover]:scale-[1.02]"
          />
        ) : (
          <Images aria-hidden="true" className="absolute inset-0 m-auto size-8 text-muted-foreground" />
        )}
        {versions && (
          <span
            data-testid="creation-versions"
            className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-background/90 px-2 py-0.5 text-xs font-medium shadow"
          >
            <Layers aria-hidden="true" className="size-3.5" />
            {versions}
          </span>
        )}
        {thumbs.original && (
          <img
            src={thumbs.original}
            alt=""
            loading="lazy"
            className="absolute bottom-2 left-2 size-10 rounded-md border-2 border-background object-cover shadow"
          />
        )}
      </div>
      <div className="grid gap-0.5 p-2.5">
        <span className="truncate text-sm font-medium">
          {tool.label}
          {area && (
            <span className="ml-1.5 rounded border px-1 text-[10px] font-normal text-muted-foreground">
              Area
            </span>
          )}
        </span>
        <ChainLine chain={chain} />
        <span className="text-xs text-muted-foreground">{date}</span>
        {words && (
          <q data-testid="creation-words" className="line-clamp-2 text-xs break-words text-muted-foreground">
            {words}
          </q>
        )}
      </div>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${tool.label} creation${area ? " of an area" : ""} from ${date}${chain.length ? `, made with ${chainText(chain)}` : ""}${versions ? `, ${versions}` : ""}`}
        className="absolute inset-0 rounded-xl outline-none"
      />
    </li>
  );
}
