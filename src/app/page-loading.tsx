/** The spinner shown while a page's code loads. */
import { Spinner } from "@/components/ui/spinner";

/** Shown while a lazily loaded page's code arrives. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label="Loading page" className="size-8 text-primary" />
    </div>
  );
}
