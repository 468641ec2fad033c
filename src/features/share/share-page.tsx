/**
 * The share chooser (/share): photos shared into the app or opened with it. One photo: pick the tool
 * that opens with it; several: straight to Batch Processing; a bad share: the upload's message.
 */
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { toast } from "sonner";
import { Upload, X } from "lucide-react";
import { ErrorBanner } from "@/components/error-banner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { getTool } from "@/tools/registry";
import { SHARE_FAILED_PARAM, SHARE_ID_PARAM } from "@/config/share";
import { dismissIncoming, putIncoming, type IncomingPhotoState } from "@/lib/creations";
import { onLaunchFiles } from "@/lib/launch-queue";
import { SHARE_COPY, SHARE_NOTICES, type ShareNotice } from "./share-copy";
import { SharedThumb } from "./shared-thumbs";
import { ToolGrid } from "./tool-grid";
import { useSharedPhotos } from "./use-shared-photos";

const PAGE = "mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8";

function UploadLink() {
  return (
    <Button asChild>
      <Link to={paths.home}>
        <Upload aria-hidden="true" />
        {SHARE_COPY.upload}
      </Link>
    </Button>
  );
}

function Notice({ notice }: { notice: ShareNotice }) {
  return (
    <div className={PAGE}>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{notice.title}</h1>
      <p className="text-muted-foreground">{notice.text}</p>
      <div>
        <UploadLink />
      </div>
    </div>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </div>
  );
}

/** "Open with": the files the app was launched with are kept as a share, then shown as one. */
function useOpenWith() {
  const navigate = useNavigate();
  useEffect(
    () =>
      onLaunchFiles(async (files) => {
        try {
          const id = await putIncoming(files, "open-with");
          navigate(`${paths.share}?${SHARE_ID_PARAM}=${encodeURIComponent(id)}`, { replace: true });
        } catch (error) {
          console.error("Could not keep the opened files", error);
          navigate(`${paths.share}?${SHARE_FAILED_PARAM}=1`, { replace: true });
        }
      }),
    [navigate],
  );
}

export function SharePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const shared = useSharedPhotos(params.get(SHARE_ID_PARAM), params.get(SHARE_FAILED_PARAM) === "1");
  const [dismissing, setDismissing] = useState(false);
  useOpenWith();

  // Several photos go straight to Batch Processing, which takes them as an upload of many (50 at most).
  const manyId = shared.status === "many" ? shared.incoming.id : null;
  useEffect(() => {
    if (!manyId) return;
    const state: IncomingPhotoState = { incoming: manyId };
    navigate(getTool("batch").path, { replace: true, state });
  }, [manyId, navigate]);

  // A file no tool can take is of no use kept: it is forgotten, its message stays on the screen.
  const refusedId = shared.status === "refused" ? shared.incoming.id : null;
  useEffect(() => {
    if (refusedId)
      dismissIncoming(refusedId).catch((error: unknown) => console.error("Could not forget the file", error));
  }, [refusedId]);

  async function dismiss(id: string) {
    setDismissing(true);
    try {
      await dismissIncoming(id);
      navigate(paths.home, { replace: true });
    } catch (error) {
      console.error("Could not dismiss the shared photo", error);
      toast.error(SHARE_COPY.dismissFailed);
      setDismissing(false);
    }
  }

  switch (shared.status) {
    case "loading":
      return <Waiting label={SHARE_COPY.loading} />;
    case "many":
      return <Waiting label={SHARE_COPY.toBatch(shared.incoming.files.length)} />;
    case "notice":
      return <Notice notice={SHARE_NOTICES[shared.notice]} />;
    case "refused":
      return (
        <div className={PAGE}>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{SHARE_COPY.refusedTitle}</h1>
          <SharedThumb key={shared.incoming.id} file={shared.file} className="size-28" />
          <ErrorBanner message={shared.message} advice={shared.advice} />
          <div>
            <UploadLink />
          </div>
        </div>
      );
    case "one":
      return (
        <div className={PAGE}>
          <header className="flex items-center gap-4">
            <SharedThumb
              key={shared.incoming.id}
              file={shared.file}
              className="size-24 shrink-0 sm:size-32"
            />
            <div className="min-w-0 space-y-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{SHARE_COPY.question}</h1>
              <p className="text-sm text-muted-foreground">{SHARE_COPY.pickHint}</p>
            </div>
          </header>
          <ToolGrid incomingId={shared.incoming.id} label={SHARE_COPY.toolsLabel} />
          <div>
            <Button variant="outline" disabled={dismissing} onClick={() => void dismiss(shared.incoming.id)}>
              <X aria-hidden="true" />
              {SHARE_COPY.dismiss}
            </Button>
          </div>
        </div>
      );
  }
}

export default SharePage;
