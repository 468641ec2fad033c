/**
 * "Edit with…" itself, fetched by EditWith (edit-with.tsx) with the first result shown: the button and
 * its menu (Radix's dropdown) of every tool that takes a photo, with its icon; a pick hands the result
 * over and opens that tool with it.
 */
import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "sonner";
import { ChevronDown, Wand2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { photoTools, type ToolId } from "@/tools/registry";
import { HAND_OVER_FAILED, handOver } from "@/lib/creations";
import type { EditWithProps } from "./edit-with";

export function EditWithMenu({ source, disabled, size = "default", label }: EditWithProps) {
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  // Read by a second pick before the render that sets `sending`.
  const sendingRef = useRef(false);

  async function pick(target: ToolId) {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    try {
      const { path, state } = await handOver(source, target);
      navigate(path, { state });
    } catch (error) {
      console.error("Could not hand the result over", error);
      toast.error(HAND_OVER_FAILED);
      sendingRef.current = false;
      setSending(false);
    }
  }

  return (
    // Not modal: a modal menu hides the page from screen readers (aria-hidden) while its own trigger
    // there stays focusable (axe: aria-hidden-focus). Focus still moves into the menu and back.
    <DropdownMenu modal={false}>
      {/* While the result is being handed over, the (disabled) button stays in place. */}
      <DropdownMenuTrigger asChild disabled={disabled || sending}>
        <Button variant="outline" size={size} aria-label={label}>
          <Wand2 aria-hidden="true" />
          Edit with…
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-h-[60vh] w-60 overflow-y-auto">
        <DropdownMenuLabel>Open this result in</DropdownMenuLabel>
        {photoTools().map((tool) => {
          const Icon = tool.icon;
          return (
            <DropdownMenuItem key={tool.id} disabled={sending} onSelect={() => void pick(tool.id)}>
              <Icon aria-hidden="true" />
              {tool.label}
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
