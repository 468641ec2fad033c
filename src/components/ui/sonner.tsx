import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useIsMobile } from "@/hooks/use-mobile";

/**
 * App-wide toast outlet, coloured by type, with a close button and at most three toasts visible at once
 * (SPEC 9). Where it sits covers nothing the person needs (issue 27 §4): on a phone at the bottom centre,
 * clear of the sticky top bar and its avatar; on wider screens at the bottom right, away from the top
 * bar and the page's heading. Durations are the library default unless a call overrides them.
 */
function Toaster({ ...props }: ToasterProps) {
  const mobile = useIsMobile();
  return (
    <Sonner
      className="toaster group"
      position={mobile ? "bottom-center" : "bottom-right"}
      richColors
      closeButton
      visibleToasts={3}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
