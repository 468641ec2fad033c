/** The brand's logo: the cucumber mark and the name. */
import { BRAND_NAME } from "@/config/brand";
import { cn } from "@/lib/utils";

/** The cucumber mark and the brand name (an image, so it looks the same without an emoji font). */
export function BrandLogo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn("flex items-center gap-2 font-bold", className)}>
      <img src="/favicon.svg" alt="" aria-hidden="true" width={24} height={24} className="size-6 shrink-0" />
      {showName && <span className="truncate">{BRAND_NAME}</span>}
    </span>
  );
}
