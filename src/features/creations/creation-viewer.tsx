/** One kept creation shown large, with how it was made, Download, Share, Edit with… and Delete. */
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { Download, ExternalLink, Trash2 } from "lucide-react";
import { LazyCompareSlider } from "@/components/compare-slider";
import { EditWith } from "@/components/edit-with";
import { ShareButton } from "@/components/share-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useObjectUrls } from "@/hooks/use-object-urls";
import { getTool } from "@/tools/registry";
import { getCreation, readText, type CreationRecord } from "@/lib/creations";
import { downloadImage } from "@/lib/image";
import { ChainSteps } from "./creation-chain";
import { formatDate } from "./format";

type Loaded =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "ready"; file: Blob; fileUrl: string; originalUrl?: string; text?: string };

/** The full files of one creation, read only while it is open; their object URLs revoked on close. */
function useCreationFiles(userId: string, record: CreationRecord): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const objectUrls = useObjectUrls();
  useEffect(() => {
    let active = true;
    let urls: string[] = [];
    getCreation(userId, record.id)
      .then(async (found) => {
        if (!active) return;
        if (!found) {
          setLoaded({ status: "missing" });
          return;
        }
        const { file, original } = found.files;
        const text = record.kind === "text" ? await readText(file) : undefined;
        if (!active) return;
        const fileUrl = objectUrls.make(file);
        const originalUrl = original ? objectUrls.make(original) : undefined;
        urls = originalUrl ? [fileUrl, originalUrl] : [fileUrl];
        setLoaded({ status: "ready", file, fileUrl, originalUrl, text });
      })
      .catch((error: unknown) => {
        console.error("Could not open the creation", error);
        if (active) setLoaded({ status: "missing" });
      });
    return () => {
      active = false;
      for (const url of urls) objectUrls.revoke(url);
    };
  }, [record.id, record.kind, userId, objectUrls]);
  return loaded;
}

/** The creation's file, read when "Edit with…" is picked before the viewer has it. */
function blobOf(userId: string, record: CreationRecord): () => Promise<Blob> {
  return async () => {
    const found = await getCreation(userId, record.id);
    if (!found) throw new Error("The creation is gone");
    return found.files.file;
  };
}

function ViewerBody({
  userId,
  record,
  onDelete,
  onOpen,
}: {
  userId: string;
  record: CreationRecord;
  onDelete: () => void;
  onOpen: (record: CreationRecord) => void;
}) {
  const loaded = useCreationFiles(userId, record);
  const tool = getTool(record.tool);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{tool.title}</DialogTitle>
        <DialogDescription className="line-clamp-3">
          {formatDate(record.createdAt)}
          {record.instruction && (
            <>
              {" · "}
              <span className="break-words" title={record.instruction}>
                {record.instruction}
              </span>
            </>
          )}
        </DialogDescription>
      </DialogHeader>

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
        <Button variant="destructive" onClick={onDelete} className="sm:ml-auto">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </>
  );
}

/**
 * One creation, large: the before/after slider or the poem, the steps it was made in (each earlier one
 * opens in its place), with Download, Share, Edit with… and Delete.
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
  onDelete: (record: CreationRecord) => void;
  /** Shows another creation in the viewer (an earlier step of this one). */
  onOpen: (record: CreationRecord) => void;
}) {
  return (
    <Dialog open={record !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {record && (
          <ViewerBody
            key={record.id}
            userId={userId}
            record={record}
            onDelete={() => onDelete(record)}
            onOpen={onOpen}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
