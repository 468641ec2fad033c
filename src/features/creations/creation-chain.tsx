/** The chain a creation was made along ("Hulk → Frog"): as a line on its card, and step by step in the viewer. */
import { useQuery } from "@tanstack/react-query";
import { getTool } from "@/tools/registry";
import { chainOf, recordsQuery, type ChainStep, type CreationRecord } from "@/lib/creations";

/** The steps of a creation made from other results, itself last; none for a photo of the user's own. */
export function creationChain(record: CreationRecord): ChainStep[] {
  return record.from?.length ? chainOf(record) : [];
}

const stepLabel = (step: ChainStep) => getTool(step.tool).label;

/** "Hulk → Frog". */
export function chainText(chain: readonly ChainStep[]): string {
  return chain.map(stepLabel).join(" → ");
}

/** The line on a card: the chain in a few words, cut short on a narrow card (the whole of it on hover). */
export function ChainLine({ chain }: { chain: readonly ChainStep[] }) {
  if (chain.length === 0) return null;
  const text = chainText(chain);
  return (
    <span className="truncate text-xs font-medium text-primary" title={text} data-testid="creation-chain">
      {text}
    </span>
  );
}

type Lookup = { status: "loading" } | { status: "ready"; records: ReadonlyMap<string, CreationRecord> };

/**
 * The user's creations named by `ids`, read as records only (no files), again whenever one of the
 * user's creations changes (a step deleted, or put back with Undo). A failed read finds none.
 */
function useStepRecords(userId: string, ids: readonly string[]): Lookup {
  const steps = useQuery({ ...recordsQuery(userId, ids), enabled: ids.length > 0 });
  if (steps.isError) return { status: "ready", records: new Map() };
  if (!steps.data) return { status: "loading" };
  return { status: "ready", records: new Map(steps.data.map((record) => [record.id, record])) };
}

/**
 * "Made with": each earlier step of the chain as a button that opens that creation, the creation
 * itself last. A step whose creation was deleted (or never kept) is plain text.
 */
export function ChainSteps({
  userId,
  record,
  onOpen,
}: {
  userId: string;
  record: CreationRecord;
  onOpen: (record: CreationRecord) => void;
}) {
  const chain = creationChain(record);
  const earlier = chain.slice(0, -1);
  const lookup = useStepRecords(
    userId,
    earlier.flatMap((step) => (step.id ? [step.id] : [])),
  );
  if (chain.length === 0) return null;

  return (
    <nav aria-label="Made with" className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1 text-sm">
      <span className="text-muted-foreground">Made with</span>{" "}
      <ol className="flex flex-wrap items-baseline gap-x-1.5 gap-y-1">
        {chain.map((step, index) => {
          const last = index === chain.length - 1;
          const found =
            !last && step.id && lookup.status === "ready" ? lookup.records.get(step.id) : undefined;
          const label = stepLabel(step);
          return (
            <li key={`${step.id ?? step.tool}-${index}`} aria-current={last ? "step" : undefined}>
              {/* The spaces are for the text as read or copied: the flex gaps space it on screen. */}
              {index > 0 && (
                <span aria-hidden="true" className="text-muted-foreground">
                  {" → "}
                </span>
              )}
              {found ? (
                <button
                  type="button"
                  onClick={() => onOpen(found)}
                  aria-label={`Open the ${label} step`}
                  className="rounded-sm font-medium text-primary underline underline-offset-2 outline-none hover:no-underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {label}
                </button>
              ) : (
                <span className="font-medium">
                  {label}
                  {!last && step.id && lookup.status === "ready" && (
                    <span className="font-normal text-muted-foreground"> (deleted)</span>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
