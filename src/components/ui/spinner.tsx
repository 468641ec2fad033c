/** The small loading indicator with its accessible name: turning, or still when less motion is asked for. */
import * as React from "react";
import { Loader2 } from "lucide-react";

import { cn } from "@/lib/utils";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** Accessible name announced by screen readers. */
  label?: string;
  /** Classes for the icon itself (size, colour). */
  iconClassName?: string;
};

function Spinner({ className, iconClassName, label = "Loading", ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn("inline-flex items-center justify-center", className)}
      {...props}
    >
      {/* Turns only when motion is welcome: with reduced motion asked for, it stands still. */}
      <Loader2 aria-hidden="true" className={cn("size-4 motion-safe:animate-spin", iconClassName)} />
    </span>
  );
}

export { Spinner };
export type { SpinnerProps };
