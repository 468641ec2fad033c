/** My Creations' filters: a search by tool or the person's own words, and a choice of tool. */
import { useId } from "react";
import { Search } from "lucide-react";
import { ChoiceSelect } from "@/components/choice-select";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { allTools, type ToolId } from "@/tools/registry";

const ALL = "all";
const TOOL_CHOICES = [
  { value: ALL, label: "All tools" },
  ...allTools().map((t) => ({ value: t.id, label: t.label })),
];

function isToolId(value: string): value is ToolId {
  return allTools().some((t) => t.id === value);
}

export function CreationsFilters({
  search,
  tool,
  onSearchChange,
  onToolChange,
}: {
  search: string;
  tool: ToolId | undefined;
  onSearchChange: (search: string) => void;
  onToolChange: (tool: ToolId | undefined) => void;
}) {
  const ids = { search: useId(), tool: useId() };
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-[1fr_14rem]">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.search}>Search by tool or your words</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={ids.search}
            type="search"
            value={search}
            maxLength={200}
            placeholder="e.g. frog, birthday, hat"
            className="pl-8"
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.tool}>Tool</Label>
        <ChoiceSelect
          id={ids.tool}
          className="w-full"
          choices={TOOL_CHOICES}
          value={tool ?? ALL}
          onValueChange={(value) => onToolChange(isToolId(value) ? value : undefined)}
        />
      </div>
    </div>
  );
}
