/** The tools a shared photo can go to, as a grid of links with their icons (keyboard reachable). */
import { Link } from "react-router-dom";
import { photoTools } from "@/tools/registry";
import type { IncomingPhotoState } from "@/lib/creations";

/** Every photo tool; following one opens it with the photos under `incomingId`, which it takes. */
export function ToolGrid({ incomingId, label }: { incomingId: string; label: string }) {
  const state: IncomingPhotoState = { incoming: incomingId };
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {photoTools().map((tool) => {
        const Icon = tool.icon;
        return (
          <li key={tool.id}>
            <Link
              to={tool.path}
              state={state}
              replace
              className="flex h-full min-h-14 items-center gap-3 rounded-lg border bg-card p-3 text-left text-sm font-medium shadow-xs outline-none transition-colors hover:border-primary hover:bg-accent focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 break-words">{tool.label}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
