import type * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { SIDEBAR_WIDTH_MOBILE } from "@/components/ui/sidebar";

type SidebarSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  description: string;
  children: React.ReactNode;
};

/** The sidebar as a drawer on phones; loaded by `Sidebar` the first time the drawer opens. */
export function SidebarSheet({ open, onOpenChange, side, title, description, children }: SidebarSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-(--sidebar-width)"
        style={{ "--sidebar-width": SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
        side={side}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
