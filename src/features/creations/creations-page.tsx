/**
 * My Creations: every kept result of the signed-in user on this device, as a filterable grid of their
 * photos (each photo's versions one card) with paging, a viewer that steps through a photo's versions,
 * deleting with undo, and what the device's storage allows.
 */
import { useDeferredValue, useState } from "react";
import { RefreshCw, Trash2 } from "lucide-react";
import { DeleteCreationsDialog } from "@/components/delete-creations-dialog";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { ToolId } from "@/tools/registry";
import { useUser } from "@/lib/auth";
import type { CreationRecord } from "@/lib/creations";
import { deleteOldestWithNotice, deleteWithUndo } from "./creation-actions";
import { CreationCard } from "./creation-card";
import { CreationViewer } from "./creation-viewer";
import { EmptyState } from "./creations-empty";
import { CreationsFilters } from "./creations-filters";
import { LowSpaceAlert, StorageLine } from "./device-storage";
import { useCreationsList } from "./use-creations";

/** How many creations "make room" deletes at once. */
const OLDEST_BATCH = 10;

function CreationsView({ userId }: { userId: string }) {
  const [tool, setTool] = useState<ToolId | undefined>(undefined);
  const [search, setSearch] = useState("");
  const [open, setOpen] = useState<CreationRecord | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const deferredSearch = useDeferredValue(search.trim());
  const { state, retry, showMore } = useCreationsList(userId, { tool, search: deferredSearch });

  /** Deletes the version shown in the viewer, which shows `next` of the same photo instead (or closes). */
  function remove(record: CreationRecord, next: CreationRecord | null) {
    setOpen(next);
    void deleteWithUndo(userId, record);
  }

  const filtered = Boolean(tool || deferredSearch);
  const hasAny = state.status === "ready" && state.usage.count > 0;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">My Creations</h1>
          <p className="text-muted-foreground">Every result you made, kept on this device.</p>
          {state.status === "ready" && <StorageLine count={state.usage.count} bytes={state.usage.bytes} />}
        </div>
        {hasAny && (
          <Button variant="outline" onClick={() => setConfirmAll(true)}>
            <Trash2 aria-hidden="true" />
            Delete all
          </Button>
        )}
      </header>

      {(hasAny || filtered) && (
        <CreationsFilters search={search} tool={tool} onSearchChange={setSearch} onToolChange={setTool} />
      )}

      {state.status === "ready" && hasAny && (
        <LowSpaceAlert
          estimate={state.estimate}
          oldest={OLDEST_BATCH}
          onMakeRoom={() => void deleteOldestWithNotice(userId, OLDEST_BATCH)}
        />
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
            {state.items.map((group) => (
              <CreationCard
                key={group.photo}
                userId={userId}
                group={group}
                onOpen={() => setOpen(group.record)}
              />
            ))}
          </ul>
          {state.total > state.items.length && (
            <Button variant="outline" className="self-center" onClick={showMore}>
              Show more ({state.total - state.items.length} more)
            </Button>
          )}
        </>
      )}

      <CreationViewer
        userId={userId}
        record={open}
        onOpenChange={(next) => !next && setOpen(null)}
        onDelete={remove}
        onOpen={setOpen}
      />
      <DeleteCreationsDialog userId={userId} open={confirmAll} onOpenChange={setConfirmAll} />
    </div>
  );
}

/** My Creations for the signed-in user (nothing while signed out; another user starts afresh). */
export function CreationsPage() {
  const user = useUser();
  if (!user) return null;
  return <CreationsView key={user.id} userId={user.id} />;
}
