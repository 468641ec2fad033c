import * as React from "react";
import { createPortal } from "react-dom";
import { TOOLTIP_DELAY_DURATION, TOOLTIP_SKIP_DELAY_DURATION } from "@/components/ui/tooltip-timing";

/** How long the pointer may take to travel from the item onto its label before the label closes. */
const HOVER_GRACE_MS = 100;
const SIDE_OFFSET = 4;

/** When the last label closed: moving along the rail opens the next one at once (the skip delay). */
let lastClosedAt = 0;

type Position = { left: number; top: number };

/**
 * The label beside a sidebar item while the desktop sidebar is collapsed to its icon rail.
 *
 * Behaves like the Radix tooltip it replaces here (same timing, SPEC 9): opens at once on keyboard
 * focus, after 700 ms on hover (at once within 300 ms of another label closing), closes on leave,
 * blur, press or Escape, stays open while the pointer is over the label, and describes the item
 * (aria-describedby). It listens on the item's own element and renders its label beside it, so the
 * item is never re-mounted, and it needs no positioning library: the rail is a fixed column and
 * the label sits to its right. That keeps Radix Tooltip, Popper and floating-ui (about 12 kB
 * gzipped) out of every page's first load for a label only the collapsed desktop rail shows.
 */
export function useSidebarTooltip(label: React.ReactNode, enabled: boolean) {
  const [anchor, setAnchor] = React.useState<HTMLElement | null>(null);
  const [position, setPosition] = React.useState<Position | null>(null);
  const contentRef = React.useRef<HTMLDivElement | null>(null);
  const id = React.useId();
  const active = enabled && label != null && label !== "";

  React.useEffect(() => {
    if (!anchor || !active) return;
    let timer: number | undefined;
    let pointerIsDown = false;

    const open = () => {
      const rect = anchor.getBoundingClientRect();
      setPosition({ left: rect.right + SIDE_OFFSET, top: rect.top + rect.height / 2 });
    };
    const close = () => {
      window.clearTimeout(timer);
      setPosition((current) => {
        if (current) lastClosedAt = Date.now();
        return null;
      });
    };
    const openAfter = (delay: number) => {
      window.clearTimeout(timer);
      if (delay <= 0) open();
      else timer = window.setTimeout(open, delay);
    };

    const onPointerEnter = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      const skip = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_DURATION;
      openAfter(skip ? 0 : TOOLTIP_DELAY_DURATION);
    };
    const onPointerLeave = (event: PointerEvent) => {
      if (event.pointerType === "touch") return;
      window.clearTimeout(timer);
      // Give the pointer a moment to reach the label (hoverable content, WCAG 1.4.13).
      timer = window.setTimeout(() => {
        if (!contentRef.current?.matches(":hover")) close();
      }, HOVER_GRACE_MS);
    };
    const onPointerDown = () => {
      pointerIsDown = true;
      close();
    };
    const onPointerUp = () => {
      pointerIsDown = false;
    };
    const onFocus = () => {
      if (!pointerIsDown) openAfter(0);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };

    anchor.addEventListener("pointerenter", onPointerEnter);
    anchor.addEventListener("pointerleave", onPointerLeave);
    anchor.addEventListener("pointerdown", onPointerDown);
    anchor.addEventListener("focus", onFocus);
    anchor.addEventListener("blur", close);
    anchor.addEventListener("click", close);
    document.addEventListener("pointerup", onPointerUp);
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener("scroll", close, true);
    return () => {
      window.clearTimeout(timer);
      anchor.removeEventListener("pointerenter", onPointerEnter);
      anchor.removeEventListener("pointerleave", onPointerLeave);
      anchor.removeEventListener("pointerdown", onPointerDown);
      anchor.removeEventListener("focus", onFocus);
      anchor.removeEventListener("blur", close);
      anchor.removeEventListener("click", close);
      document.removeEventListener("pointerup", onPointerUp);
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("scroll", close, true);
      setPosition(null);
    };
  }, [anchor, active]);

  const open = active && position !== null;
  React.useEffect(() => {
    if (!anchor || !open) return;
    anchor.setAttribute("aria-describedby", id);
    return () => anchor.removeAttribute("aria-describedby");
  }, [anchor, open, id]);

  const content =
    open && position
      ? createPortal(
          <div
            ref={contentRef}
            id={id}
            role="tooltip"
            data-slot="tooltip-content"
            data-side="right"
            onPointerLeave={() => {
              setPosition(null);
              lastClosedAt = Date.now();
            }}
            style={{ position: "fixed", left: position.left, top: position.top }}
            className="z-50 w-fit -translate-y-1/2 animate-in rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background fade-in-0 zoom-in-95 slide-in-from-left-2"
          >
            {label}
            <span
              aria-hidden="true"
              className="absolute top-1/2 -left-1 size-2.5 -translate-y-1/2 rotate-45 rounded-[2px] bg-foreground"
            />
          </div>,
          document.body,
        )
      : null;

  return { ref: setAnchor, content };
}
