/** The "Convert Image" dialog: a photo (picked, dropped or the page's) and a change described in words. */
import { useRef, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Lock, Upload, Wand2 } from "lucide-react";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { DropPickButton, HiddenFileInput } from "@/components/file-pick";
import { PromptField } from "@/components/prompt-field";
import { CostNote } from "@/components/remaining-counter";
import { versionStripQuery } from "@/components/tool-versions-query";
import { paths } from "@/config/paths";
import { gateMessage, getTier } from "@/config/tiers";
import { useUser } from "@/lib/auth";
import type { GateReturnState } from "@/lib/creations";
import { formatRenewal } from "@/lib/usage";
import type { CustomGate } from "./conversion-page";
import { MorePhotos, type MorePhotosProps } from "./more-photos";

/** What the dialog transforms: the picture, and the version of the photo it is (null: the photo). */
export type CustomSource = { src: string; version: { id: string; photo: string } | null };

type CustomPromptDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A photo is already on the page (or was just chosen here). */
  hasImage: boolean;
  source: CustomSource | null;
  onSelectFile: (file: File) => void;
  onTransform: (prompt: string) => void;
  busy?: boolean;
  /** Why the dialog is off (shown instead of the upload and the words), or null. */
  gate?: CustomGate | null;
  /** Words brought back after a gate: the prompt starts with them. */
  draft?: string | null;
  /** An area of the photo is chosen (issue 29 §1): only it changes. */
  area?: boolean;
  /** The photos that go with the main one (issue 29 §2). */
  more?: Omit<MorePhotosProps, "busy">;
};

/** "Convert Image" (SPEC 2.3, 4.2): describe any change, typed or spoken. */
export function CustomPromptDialog({
  open,
  onOpenChange,
  hasImage,
  source,
  area,
  more,
  onSelectFile,
  onTransform,
  busy,
  gate,
  draft,
}: CustomPromptDialogProps) {
  const [prompt, setPrompt] = useState(draft ?? "");
  const inputRef = useRef<HTMLInputElement>(null);
  // Words brought back after paying fill the field they were typed in.
  const [drafted, setDrafted] = useState(draft);
  if (draft !== drafted) {
    setDrafted(draft);
    if (draft) setPrompt(draft);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!hasImage) {
      toast.error("Please upload an image first");
      return;
    }
    if (!prompt.trim()) {
      toast.error("Please enter a prompt");
      return;
    }
    onTransform(prompt.trim());
    setPrompt("");
    onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Convert Image</DialogTitle>
          <DialogDescription>Upload an image and describe how you want to transform it</DialogDescription>
        </DialogHeader>
        {gate && !busy ? (
          <GateBody gate={gate} />
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            {hasImage && area && (
              <p className="text-sm">
                Only the area you chose changes; the rest of the photo stays as it is.
              </p>
            )}
            {hasImage ? (
              source && <Transforming source={source} />
            ) : (
              <DropPickButton
                onClick={() => inputRef.current?.click()}
                onFile={onSelectFile}
                className="flex-col p-6"
              >
                <Upload aria-hidden="true" className="size-6" />
                <span className="font-medium text-foreground">Click to upload or drag and drop</span>
                <span>PNG, JPG or GIF</span>
              </DropPickButton>
            )}
            <HiddenFileInput
              ref={inputRef}
              aria-label="Upload an image to transform"
              onPick={(files) => files[0] && onSelectFile(files[0])}
            />
            {hasImage && more && <MorePhotos {...more} busy={busy} />}
            <PromptField
              label="Your transformation"
              placeholder="Describe how you want to transform the image..."
              value={prompt}
              onChange={setPrompt}
            />
            {!hasImage && (
              <Alert variant="warning">
                <AlertTriangle aria-hidden="true" />
                <AlertDescription>Please upload an image before converting</AlertDescription>
              </Alert>
            )}
            <DialogFooter className="sm:items-center sm:justify-between">
              <CostNote className="max-sm:text-center" />
              <Button type="submit" disabled={!hasImage || busy}>
                <Wand2 aria-hidden="true" />
                Transform
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Why the dialog is off, said before anything is picked or typed (issue 27): the plan it needs, or the
 * month's conversions used and when they renew; "Upgrade" goes to Pricing, and paying comes back here.
 */
function GateBody({ gate }: { gate: CustomGate }) {
  const plan = getTier(gate.plan);
  const returnTo: GateReturnState = { returnTo: { path: `${paths.home}?custom=true` } };
  const [title, text, action] =
    gate.kind === "plan"
      ? [
          `${gateMessage("custom")}`,
          `Describe any change to your photo in your own words with ${plan.name} (${plan.id}) or a bigger plan. Upgrade first, and you come straight back here.`,
          "Upgrade",
        ]
      : [
          "Usage Limit Reached",
          `You've used all ${plan.limit} conversions of your ${plan.name} plan this month. They renew on ${formatRenewal()}.`,
          "Upgrade Now",
        ];
  return (
    <div className="grid gap-4" data-testid="custom-gate">
      <Alert>
        <Lock aria-hidden="true" />
        <AlertDescription>
          <p className="font-medium text-foreground">{title}</p>
          <p>{text}</p>
        </AlertDescription>
      </Alert>
      <DialogFooter>
        <Button asChild>
          <Link to={paths.pricing} state={returnTo}>
            {action}
          </Link>
        </Button>
      </DialogFooter>
    </div>
  );
}

/**
 * Which picture is transformed (issue 26): the version chosen on the strip of versions, named as the
 * strip names it ("Hulk 2"), or the photo.
 */
function Transforming({ source }: { source: CustomSource }) {
  const userId = useUser()?.id;
  const version = source.version;
  // The strip's own query: read from its cache when the strip is on the page.
  const strip = useQuery({
    ...versionStripQuery(userId, version?.photo ?? ""),
    enabled: Boolean(userId && version),
  });
  const name = version
    ? (strip.data?.find((item) => item.id === version.id)?.label ?? "the version chosen")
    : "your photo";
  return (
    <figure className="flex items-center gap-3 rounded-lg border bg-muted/40 p-2">
      <img
        src={source.src}
        alt=""
        className="size-16 shrink-0 rounded-md border bg-background object-cover"
      />
      <figcaption className="min-w-0 text-sm">
        <span className="text-muted-foreground">Transforming: </span>
        <span className="font-medium text-foreground">{name}</span>
        {version && (
          <span className="mt-0.5 block text-xs text-muted-foreground">
            Choose another version under the result to transform that one.
          </span>
        )}
      </figcaption>
    </figure>
  );
}
