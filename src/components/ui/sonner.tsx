import type { CSSProperties } from "react";
import { Toaster as Sonner, type ToasterProps } from "sonner";

/**
 * sonner's light text colours are 3.1 to 4.4 to 1 on their own backgrounds; these darker shades of
 * the same hues reach 4.8 to 5.5 (WCAG AA asks 4.5). The dark theme's already pass (6.6 to 12.3).
 */
const LIGHT_RICH_TEXT = {
  "--success-text": "hsl(140, 100%, 24%)",
  "--info-text": "hsl(210, 92%, 40%)",
  "--warning-text": "hsl(31, 92%, 32%)",
  "--error-text": "hsl(360, 100%, 40%)",
};

/**
 * App-wide toast outlet: top-centre, coloured by type, with a close button and at most three
 * toasts visible at once (SPEC 9). Durations are the library default unless a call overrides them.
 */
function Toaster({ ...props }: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="top-center"
      richColors
      closeButton
      visibleToasts={3}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          ...(props.theme === "dark" ? {} : LIGHT_RICH_TEXT),
        } as CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
