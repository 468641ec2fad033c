/** The menu of "Edit with…": every tool that takes a photo, with its icon; a pick hands the result over. */
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
import { HAND_OVER_FAILED, handOver, type EditWithSource } from "@/lib/creations";
import { EDIT_WITH_LABEL } from "./edit-with-button";

type EditWithMenuProps = {
  source: EditWithSource;
  size: "default" | "sm";
  label?: string;
  /** The button was pressed with a key: the first item gets focus, as a keyboard opening gives it. */
  focusFirstItem: boolean;
  /** The menu closed without a pick: back to the plain button. */
  onClosed: () => void;
};

export function EditWithMenu({ source, size, label, focusFirstItem, onClosed }: EditWithMenuProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  const [sending, setSending] = useState(false);
  // Read when the menu closes right after a pick, before the render that sets `sending`.
  const sendingRef = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusFirstRef = useRef(focusFirstItem);

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
      // The menu closed with the pick: back to the plain button.
      onClosed();
    }
  }

  return (
    // Not modal: a modal menu hides the page from screen readers (aria-hidden) while its own trigger
    // there stays focusable (axe: aria-hidden-focus). Focus still moves into the menu and back.
    <DropdownMenu
      modal={false}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // While the result is being handed over, the (disabled) button stays in place.
        if (!next && !sendingRef.current) onClosed();
      }}
    >
      <DropdownMenuTrigger asChild>
        <Button ref={triggerRef} variant="outline" size={size} disabled={sending} aria-label={label}>
          <Wand2 aria-hidden="true" />
          {EDIT_WITH_LABEL}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        className="max-h-[60vh] w-60 overflow-y-auto"
        onFocus={(event) => {
          // Radix focuses the menu itself on opening, and its first item only when a key opened it
          // after Radix was listening: the key that pressed the button came before, so do it here.
          if (!focusFirstRef.current || event.target !== event.currentTarget) return;
          focusFirstRef.current = false;
          event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
      >
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
