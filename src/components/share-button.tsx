/**
 * The Share button: a result shared through the Web Share API, or copied, or downloaded. The button is
 * here at once; what it does (share-button.lazy.ts) is fetched when it is approached or pressed.
 */
import { useState } from "react";
import { toast } from "sonner";
import { Share2 } from "lucide-react";
import { Button, type buttonVariants } from "@/components/ui/button";
import { PART_FAILED_MESSAGE } from "@/components/on-demand";
import { loadOnce } from "@/lib/load-once";
import type { VariantProps } from "class-variance-authority";

/** What a Share button shares: a file (image, GIF, text file) or plain text. Nothing is ever uploaded. */
export type ShareContent =
  | {
      kind: "file";
      /** The file: a Blob, a picture's URL (lib/image/picture-urls.ts), or a loader (a file read only when Share is pressed). */
      file: Blob | string | (() => Promise<Blob>);
      fileName: string;
      title?: string;
    }
  | { kind: "text"; text: string; fileName?: string; title?: string };

/** Fetches the button's action once (again after a failed fetch). */
const loadAction = loadOnce(() => import("./share-button.lazy"));
const preload = () => void loadAction().catch(() => {});

type ShareButtonProps = {
  content: ShareContent;
  disabled?: boolean;
  variant?: VariantProps<typeof buttonVariants>["variant"];
  size?: VariantProps<typeof buttonVariants>["size"];
  className?: string;
  /** The accessible name (default "Share"). */
  label?: string;
};

/** "Share" for a result, in the tools and in My Creations. */
export function ShareButton({
  content,
  disabled,
  variant = "outline",
  size,
  className,
  label,
}: ShareButtonProps) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    if (busy) return;
    setBusy(true);
    try {
      const { shareAndSay } = await loadAction();
      await shareAndSay(content);
    } catch (error) {
      console.error("Could not fetch the Share button's code", error);
      toast.error(PART_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      onClick={() => void onClick()}
      onPointerEnter={preload}
      onTouchStart={preload}
      onFocus={preload}
      disabled={disabled || busy}
      aria-label={label ?? "Share"}
    >
      <Share2 aria-hidden="true" />
      {size !== "icon" && <span>Share</span>}
    </Button>
  );
}
