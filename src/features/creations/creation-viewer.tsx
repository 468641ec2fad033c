/**
 * One kept creation shown large, with how it was made, the other versions of its photo, Download,
 * Share, Edit with… and Delete.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { ChevronLeft, ChevronRight, Download, ExternalLink, Trash2 } from "lucide-react";
import { LazyCompareSlider } from "@/components/compare-slider";
import { EditWith } from "@/components/edit-with";
import { ShareButton } from "@/components/share-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useObjectUrl } from "@/hooks/use-object-urls";
import { getTool } from "@/tools/registry";
import {
  creationQuery,
  getCreation,
  ownWords,
  photoOf,
  versionsQuery,
  type CreationRecord,
} from "@/lib/creations";
import { downloadImage } from "@/lib/image";
import { ChainSteps } from "./creation-chain";
import { formatDate } from "./format";

type Loaded =
  | { status: "loading" }
  | { status: "missing" }
  | {
      status: "ready";
      file: Blob;
      fileUrl: string;
      originalUrl?: string;
      /** The area a region edit changed (issue 29 §1), white on black. */
      areaUrl?: string;
      /** The further photos it was made from, in order (issue 29 §2). */
      references?: Blob[];
      text?: string;
    };

/** The full files of one creation, read only while it is open; their object URLs revoked on close. */
function useCreationFiles(userId: string, record: CreationRecord): Loaded {
  const opened = useQuery(creationQuery(userId, record.id));
  const fileUrl = useObjectUrl(opened.data?.files.file);
  const originalUrl = useObjectUrl(opened.data?.files.original);
  const areaUrl = useObjectUrl(opened.data?.files.area);
  if (opened.isError || opened.data === null) return { status: "missing" };
  if (!opened.data || !fileUrl || (opened.data.files.original && !originalUrl)) return { status: "loading" };
  return {
    status: "ready",
    file: opened.data.files.file,
    fileUrl,
    originalUrl,
    areaUrl,
    references: opened.data.files.references,
    text: opened.data.text,
  };
}

/** One of the further photos a creation was made from, with its number. */
function ReferencePhoto({ blob, name }: { blob: Blob; name: string }) {
  const url = useObjectUrl(blob);
  return (
    <figure className="grid justify-items-center gap-0.5 text-xs">
      {url && <img src={url} alt={name} className="size-16 rounded border object-cover" />}
      <figcaption>{name}</figcaption>
    </figure>
  );
}

/** The creation's file, read when "Edit with…" is picked before the viewer has it. */
function blobOf(userId: string, record: CreationRecord): () => Promise<Blob> {
  return async () => {
    const found = await getCreation(userId, record.id);
    if (!found) throw new Error("The creation is gone");
    return found.files.file;
  };
}

/**
 * The versions of the photo, one at a time: "Version 2 of 3" with the previous and next ones (a strip
 * of versions will take its place). Nothing for a photo of one version.
 */
function VersionSteps({
  versions,
  record,
  onOpen,
}: {
  versions: readonly CreationRecord[];
  record: CreationRecord;
  onOpen: (record: CreationRecord) => void;
}) {
  const index = versions.findIndex((version) => version.id === record.id);
  if (versions.length < 2 || index < 0) return null;
  const previous = versions[index - 1];
  const next = versions[index + 1];
  return (
    <nav aria-label="Versions" className="flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={!previous} onClick={() => previous && onOpen(previous)}>
        <ChevronLeft aria-hidden="true" />
        Previous<span className="sr-only sm:not-sr-only"> version</span>
      </Button>
      <p aria-live="polite" className="text-sm whitespace-nowrap text-muted-foreground">
        Version {index + 1} of {versions.length}
      </p>
      <Button variant="outline" size="sm" disabled={!next} onClick={() => next && onOpen(next)}>
        Next<span className="sr-only sm:not-sr-only"> version</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}

function ViewerBody({
  userId,
  record,
  versions,
  onDelete,
  onOpen,
}: {
  userId: string;
  record: CreationRecord;
  versions: readonly CreationRecord[];
  onDelete: () => void;
  onOpen: (record: CreationRecord) => void;
}) {
  const loaded = useCreationFiles(userId, record);
  const tool = getTool(record.tool);
  const words = ownWords(record);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{tool.title}</DialogTitle>
        <DialogDescription className="line-clamp-3">
          {formatDate(record.createdAt)}
          {words && (
            <>
              {" · "}
              <q className="break-words" title={words}>
                {words}
              </q>
            </>
          )}
        </DialogDescription>
      </DialogHeader>

      <VersionSteps versions={versions} record={record} onOpen={onOpen} />
      <ChainSteps userId={userId} record={record} onOpen={onOpen} />

      {loaded.status === "loading" && (
        <div role="status" className="flex min-h-40 items-center justify-center gap-2 text-muted-foreground">
          <Spinner aria-hidden="true" />
          Opening…
        </div>
      )}
      {loaded.status === "missing" && (
        <p role="alert" className="text-sm text-destructive">
          This creation could not be opened. It may have been deleted in another tab.
        </p>
      )}
      {loaded.status === "ready" &&
        (loaded.text !== undefined ? (
          <div className="max-h-[55vh] overflow-y-auto rounded-lg border bg-card p-4">
            <p className="whitespace-pre-wrap text-sm leading-relaxed">{loaded.text}</p>
          </div>
        ) : loaded.originalUrl ? (
          <LazyCompareSlider before={loaded.originalUrl} after={loaded.fileUrl} />
        ) : (
          <img
            src={loaded.fileUrl}
            alt={`${tool.label} result`}
            className="mx-auto max-h-[55vh] w-auto max-w-full rounded-xl border bg-muted object-contain"
          />
        ))}
      {loaded.status === "ready" && loaded.references?.length ? (
        <section
          aria-label="The photos it was made from"
          className="grid gap-1 text-sm"
          data-testid="creation-photos"
        >
          <p className="font-medium">Made from {loaded.references.length + 1} photos</p>
          <ol className="flex flex-wrap gap-2">
            {loaded.references.map((blob, i) => (
              <li key={i}>
                <ReferencePhoto blob={blob} name={`Photo ${i + 2}`} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {record.details?.area === "yes" && (
        <details className="rounded-lg border p-2 text-sm" data-testid="creation-area">
          <summary className="cursor-pointer font-medium">Made by changing an area of the photo</summary>
          {loaded.status === "ready" && loaded.areaUrl ? (
            <img
              src={loaded.areaUrl}
              alt="The area that changed: white changed, black stayed as it was"
              className="mt-2 max-h-40 w-auto rounded border"
            />
          ) : null}
        </details>
      )}

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          onClick={() => loaded.status === "ready" && downloadImage(loaded.file, record.fileName)}
          disabled={loaded.status !== "ready"}
        >
          <Download aria-hidden="true" />
          Download
        </Button>
        {loaded.status === "ready" && (
          <ShareButton
            content={
              loaded.text !== undefined
                ? { kind: "text", text: loaded.text, fileName: record.fileName, title: tool.title }
                : { kind: "file", file: loaded.file, fileName: record.fileName, title: tool.title }
            }
          />
        )}
        {record.kind === "image" && (
          <EditWith
            source={{
              image: loaded.status === "ready" ? loaded.file : blobOf(userId, record),
              tool: record.tool,
              creation: record,
            }}
          />
        )}
        <Button variant="outline" asChild>
          <Link to={tool.path}>
            <ExternalLink aria-hidden="true" />
            Open {tool.label}
          </Link>
        </Button>
        <Button
          variant="destructive-outline"
          size="sm"
          onClick={onDelete}
          className="col-span-2 justify-self-end sm:ml-auto sm:h-9"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </>
  );
}

/**
 * One creation, large: the before/after slider or the poem, the other versions of its photo (each
 * opens in its place), the steps it was made in (each earlier one opens in its place too), with
 * Download, Share, Edit with… and Delete. The versions are the group's (versionsQuery), kept in step
 * with every delete and undo.
 */
export function CreationViewer({
  userId,
  record,
  onOpenChange,
  onDelete,
  onOpen,
}: {
  userId: string;
  record: CreationRecord | null;
  onOpenChange: (open: boolean) => void;
  /** Deletes the version shown; `next` is the version of the same photo to show instead (null: none left). */
  onDelete: (record: CreationRecord, next: CreationRecord | null) => void;
  /** Shows another creation in the viewer (another version, or an earlier step of this one). */
  onOpen: (record: CreationRecord) => void;
}) {
  const group = useQuery({
    ...versionsQuery(userId, record ? photoOf(record) : ""),
    enabled: record !== null,
  });
  const versions = group.data?.versions ?? [];
  function remove(shown: CreationRecord) {
    const index = versions.findIndex((version) => version.id === shown.id);
    const others = versions.filter((version) => version.id !== shown.id);
    onDelete(shown, index < 0 ? null : (others[index] ?? others[index - 1] ?? null));
  }
  return (
    <Dialog open={record !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {record && (
          <ViewerBody
            userId={userId}
            record={record}
            versions={versions}
            onDelete={() => remove(record)}
            onOpen={onOpen}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
