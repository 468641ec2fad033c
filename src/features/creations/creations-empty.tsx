/** What My Creations shows before the first creation: a short note and a link to every tool. */
import { Link } from "react-router-dom";
import { Images } from "lucide-react";
import { Button } from "@/components/ui/button";
import { allTools } from "@/tools/registry";

export function EmptyState() {
  return (
    <section
      aria-labelledby="creations-empty"
      className="grid gap-4 rounded-xl border border-dashed p-6 text-center sm:p-10"
    >
      <Images aria-hidden="true" className="mx-auto size-10 text-muted-foreground" />
      <div className="grid gap-1">
        <h2 id="creations-empty" className="text-lg font-semibold">
          No creations yet
        </h2>
        <p className="text-sm text-muted-foreground">
          Every result you make with a tool is kept here, on this device. Pick a tool to make your first one.
        </p>
      </div>
      <nav aria-label="Tools" className="flex flex-wrap justify-center gap-2">
        {allTools().map((tool) => (
          <Button key={tool.id} asChild variant="outline" size="sm" className="rounded-full">
            <Link to={tool.path}>{tool.label}</Link>
          </Button>
        ))}
      </nav>
    </section>
  );
}
