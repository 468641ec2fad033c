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
      <Loader2 aria-hidden="true" className={cn("size-4 animate-spin", iconClassName)} />
    </span>
  );
}

export { Spinner };
export type { SpinnerProps };
