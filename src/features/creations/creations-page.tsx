import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router-dom";
import { toast } from "sonner";
import { Images, RefreshCw, Search, Trash2 } from "lucide-react";
import { DeleteCreationsDialog } from "@/components/delete-creations-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ChoiceSelect } from "@/components/choice-select";
import { Spinner } from "@/components/ui/spinner";
import { ALL_TOOLS, getTool, type ToolId } from "@/config/tools";
import { useUser } from "@/lib/auth";
import {
  deleteCreation,
  deleteOldestCreations,
  formatBytes,
  restoreCreation,
  type CreationRecord,
  type StorageEstimateInfo,
} from "@/lib/creations";
import { CreationViewer } from "./creation-viewer";
import { formatDate } from "./format";
import { PAGE_SIZE, useCreationsList, useThumbUrls, type ThumbUrls } from "./use-creations";

export const DELETED_MESSAGE = "Creation deleted.";
export const RESTORED_MESSAGE = "Creation restored.";
const UNDO_MS = 6000;
const ALL = "all";
const TOOL_CHOICES = [
  { value: ALL, label: "All tools" },
  ...ALL_TOOLS.map((t) => ({ value: t.id, label: t.label })),
];
/** Past this share of what the browser allows, the page warns and offers to delete the oldest. */
const LOW_SPACE_SHARE = 0.9;
const OLDEST_BATCH = 10;

function isToolId(value: string): value is ToolId {
  return ALL_TOOLS.some((t) => t.id === value);
}

function StorageLine({
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

function CreationCard({
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
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${tool.label} creation from ${date}`}
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

function EmptyState() {
  return (
    <section
      aria-labelledby="creations-empty"
      className="grid gap-4 rounded-xl border border-dashed p-6 text-center sm:p-10"
    >
      <Images aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
      <div className="grid gap-1">
        <h2 id="creations-empty" className="text-lg font-semibold">
          No creations yet
        </h2>
        <p className="text-sm text-muted-foreground">
          Every result you make with a tool is kept here, on this device. Pick a tool to make your first one.
        </p>
      </div>
      <nav aria-label="Tools" className="flex flex-wrap justify-center gap-2">
        {ALL_TOOLS.map((tool) => (
          <Button key={tool.id} asChild variant="outline" size="sm" className="rounded-full">
            <Link to={tool.path}>{tool.label}</Link>
          </Button>
        ))}
      </nav>
    </section>
  );
}

function CreationsView({ userId }: { userId: string }) {
  const [tool, setTool] = useState<ToolId | undefined>(undefined);
  const [search, setSearch] = useState("");
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [open, setOpen] = useState<CreationRecord | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const deferredSearch = useDeferredValue(search.trim());
  const { state, retry } = useCreationsList(userId, { tool, search: deferredSearch }, limit);
  const items = state.status === "ready" ? state.items : [];
  const thumbs = useThumbUrls(userId, items);
  const ids = { search: useId(), tool: useId() };

  async function remove(record: CreationRecord) {
    setOpen(null);
    try {
      const deleted = await deleteCreation(userId, record.id);
      if (!deleted) return;
      toast(DELETED_MESSAGE, {
        duration: UNDO_MS,
        action: {
          label: "Undo",
          onClick: () => {
            restoreCreation(deleted)
              .then(() => toast.success(RESTORED_MESSAGE))
              .catch((error: unknown) => {
                console.error("Could not restore the creation", error);
                toast.error("The creation could not be restored.");
              });
          },
        },
      });
    } catch (error) {
      console.error("Could not delete the creation", error);
      toast.error("The creation could not be deleted. Please try again.");
    }
  }

  async function makeRoom() {
    try {
      const count = await deleteOldestCreations(userId, OLDEST_BATCH);
      toast.success(`${count} oldest ${count === 1 ? "creation" : "creations"} deleted.`);
    } catch (error) {
      console.error("Could not delete the oldest creations", error);
      toast.error("The creations could not be deleted. Please try again.");
    }
  }

  const filtered = Boolean(tool || deferredSearch);
  const hasAny = state.status === "ready" && state.usage.count > 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">My Creations</h1>
          <p className="text-muted-foreground">Every result you made, kept on this device.</p>
          {state.status === "ready" && (
            <StorageLine count={state.usage.count} bytes={state.usage.bytes} estimate={state.estimate} />
          )}
        </div>
        {hasAny && (
          <Button variant="outline" onClick={() => setConfirmAll(true)}>
            <Trash2 aria-hidden="true" />
            Delete all
          </Button>
        )}
      </header>

      {(hasAny || filtered) && (
        <div role="search" className="grid gap-3 sm:grid-cols-[1fr_14rem]">
          <div className="grid gap-1.5">
            <Label htmlFor={ids.search}>Search by instruction</Label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={ids.search}
                type="search"
                value={search}
                maxLength={200}
                placeholder="e.g. frog, birthday, hat"
                className="pl-8"
                onChange={(event) => {
                  setSearch(event.target.value);
                  setLimit(PAGE_SIZE);
                }}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.tool}>Tool</Label>
            <ChoiceSelect
              id={ids.tool}
              className="w-full"
              choices={TOOL_CHOICES}
              value={tool ?? ALL}
              onValueChange={(value) => {
                setTool(isToolId(value) ? value : undefined);
                setLimit(PAGE_SIZE);
              }}
            />
          </div>
        </div>
      )}

      {state.status === "ready" &&
        hasAny &&
        state.estimate &&
        state.estimate.quota > 0 &&
        state.estimate.usage / state.estimate.quota >= LOW_SPACE_SHARE && (
          <Alert>
            <AlertTitle>This browser is running out of space for your creations.</AlertTitle>
            <AlertDescription>
              <p>New results may not be kept. Download what you want to keep, then make room.</p>
              <Button size="sm" variant="outline" className="mt-2" onClick={() => void makeRoom()}>
                <Trash2 aria-hidden="true" />
                Delete the {OLDEST_BATCH} oldest
              </Button>
            </AlertDescription>
          </Alert>
        )}

      {state.status === "loading" && (
        <div role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner aria-hidden="true" />
          Loading your creations…
        </div>
      )}

      {state.status === "error" && (
        <Alert variant="destructive">
          <AlertTitle>Your creations could not be read on this device.</AlertTitle>
          <AlertDescription>
            <p>Private browsing or blocked site data keeps this browser from storing them.</p>
            <Button size="sm" variant="outline" onClick={retry} className="mt-2">
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      )}

      {state.status === "ready" && !hasAny && <EmptyState />}

      {state.status === "ready" && hasAny && state.total === 0 && (
        <div className="grid justify-items-start gap-2">
          <p role="status">No creations match your search.</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setSearch("");
              setTool(undefined);
            }}
          >
            Clear filters
          </Button>
        </div>
      )}

      {state.status === "ready" && state.items.length > 0 && (
        <>
          {filtered && (
            <p role="status" className="text-sm text-muted-foreground">
              {state.total} {state.total === 1 ? "creation matches" : "creations match"}
            </p>
          )}
          <ul
            aria-label="Creations"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5"
          >
            {state.items.map((record) => (
              <CreationCard
                key={record.id}
                record={record}
                thumbs={thumbs.get(record.id)}
                onOpen={() => setOpen(record)}
              />
            ))}
          </ul>
          {state.total > state.items.length && (
            <Button variant="outline" className="self-center" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
              Show more ({state.total - state.items.length} more)
            </Button>
          )}
        </>
      )}

      <CreationViewer
        userId={userId}
        record={open}
        onOpenChange={(next) => !next && setOpen(null)}
        onDelete={(record) => void remove(record)}
      />
      <DeleteCreationsDialog userId={userId} open={confirmAll} onOpenChange={setConfirmAll} />
    </div>
  );
}

/** My Creations (issue 11): every kept result of the signed-in user on this device. */
export function CreationsPage() {
  const user = useUser();
  if (!user) return null;
  return <CreationsView key={user.id} userId={user.id} />;
}
