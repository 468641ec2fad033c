// @vitest-environment jsdom
// (jsdom, not the ui project's happy-dom: the cookie spy needs document.cookie's accessor on Document.prototype)
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
  type SidebarProviderProps,
} from "@/components/ui/sidebar";
import { fakeMediaQueryList } from "../media-query";

/** A menu link as the app shell will write it: closes the mobile drawer when followed. */
function MenuLink({ href, label }: { href: string; label: string }) {
  const { setOpenMobile } = useSidebar();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={label}>
        <a href={href} onClick={() => setOpenMobile(false)}>
          <span>{label}</span>
        </a>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function TestShell(props: Omit<SidebarProviderProps, "children">) {
  return (
    <SidebarProvider {...props}>
      <Sidebar>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Tools</SidebarGroupLabel>
            <SidebarGroupContent>
              <SidebarMenu>
                <MenuLink href="#hulk" label="Hulk" />
                <MenuLink href="#frog" label="Frog" />
              </SidebarMenu>
            </SidebarGroupContent>
          </SidebarGroup>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <SidebarTrigger />
      </SidebarInset>
    </SidebarProvider>
  );
}

/** The desktop sidebar landmark (an <aside> labelled "Sidebar"). */
function desktopSidebar() {
  return screen.getByRole("complementary", { name: "Sidebar" });
}

/** Records every string assigned to document.cookie while still letting jsdom store it. */
function spyOnCookieWrites() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  if (!descriptor?.get || !descriptor.set) throw new Error("document.cookie accessor not found");
  const { get, set } = descriptor;
  const writes: string[] = [];
  Object.defineProperty(document, "cookie", {
    configurable: true,
    get() {
      return get.call(document);
    },
    set(value: string) {
      writes.push(value);
      set.call(document, value);
    },
  });
  return {
    writes,
    restore: () => {
      // Drop the own property so Document.prototype's accessor applies again.
      delete (document as { cookie?: string }).cookie;
    },
  };
}

function mockMobileViewport() {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) =>
    fakeMediaQueryList(query, query === "(max-width: 767px)"),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Sidebar (desktop)", () => {
  it("starts expanded when there is no cookie", () => {
    render(<TestShell />);

    expect(desktopSidebar()).toHaveAttribute("data-state", "expanded");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Hulk" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "true");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it.each([
    ["Ctrl+B", "{Control>}b{/Control}"],
    ["Cmd+B", "{Meta>}b{/Meta}"],
  ])("%s collapses and expands it and remembers the state for 7 days", async (_name, keys) => {
    const user = userEvent.setup();
    const cookies = spyOnCookieWrites();
    try {
      render(<TestShell />);

      await user.keyboard(keys);
      expect(desktopSidebar()).toHaveAttribute("data-state", "collapsed");
      expect(desktopSidebar()).toHaveAttribute("data-collapsible", "icon");
      expect(document.cookie).toContain("sidebar:state=false");
      const write = cookies.writes.at(-1) ?? "";
      expect(write).toMatch(/^sidebar:state=false;/);
      expect(write).toContain("max-age=604800");
      expect(write).toContain("path=/");

      await user.keyboard(keys);
      expect(desktopSidebar()).toHaveAttribute("data-state", "expanded");
      expect(document.cookie).toContain("sidebar:state=true");
      expect(cookies.writes.at(-1)).toMatch(/^sidebar:state=true;.*max-age=604800/);
    } finally {
      cookies.restore();
    }
  });

  it("ignores B without a modifier", async () => {
    const user = userEvent.setup();
    render(<TestShell />);

    await user.keyboard("b");
    expect(desktopSidebar()).toHaveAttribute("data-state", "expanded");
  });

  it("starts collapsed when the cookie says sidebar:state=false", () => {
    document.cookie = "sidebar:state=false; path=/";
    render(<TestShell />);

    expect(desktopSidebar()).toHaveAttribute("data-state", "collapsed");
    expect(screen.getByRole("button", { name: "Toggle sidebar" })).toHaveAttribute("aria-expanded", "false");
  });

  it("lets defaultOpen override the cookie", () => {
    document.cookie = "sidebar:state=false; path=/";
    render(<TestShell defaultOpen />);

    expect(desktopSidebar()).toHaveAttribute("data-state", "expanded");
  });

  it("toggles with the trigger button", async () => {
    const user = userEvent.setup();
    render(<TestShell />);
    const trigger = screen.getByRole("button", { name: "Toggle sidebar" });

    await user.click(trigger);
    expect(desktopSidebar()).toHaveAttribute("data-state", "collapsed");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(document.cookie).toContain("sidebar:state=false");

    await user.click(trigger);
    expect(desktopSidebar()).toHaveAttribute("data-state", "expanded");
    expect(trigger).toHaveAttribute("aria-expanded", "true");
  });

  it("shows a menu item's label as a tooltip only while collapsed", async () => {
    const user = userEvent.setup();
    render(<TestShell defaultOpen={false} />);

    // Focus opens a Radix tooltip without the hover delay.
    await user.tab();
    expect(screen.getByRole("link", { name: "Hulk" })).toHaveFocus();
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Hulk");
  });

  it("shows no tooltip while expanded (the label is visible)", async () => {
    const user = userEvent.setup();
    render(<TestShell />);

    await user.tab();
    expect(screen.getByRole("link", { name: "Hulk" })).toHaveFocus();
    // Give Radix a chance to open it, then check nothing is exposed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("supports controlled open/onOpenChange", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<TestShell open onOpenChange={onOpenChange} />);

    await user.keyboard("{Control>}b{/Control}");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // The parent did not change `open`, so the sidebar stays expanded.
    expect(desktopSidebar()).toHaveAttribute("data-state", "expanded");
  });
});

describe("Sidebar (mobile, under 768 px)", () => {
  it("is a dialog drawer that Ctrl+B opens and Escape closes", async () => {
    mockMobileViewport();
    const user = userEvent.setup();
    render(<TestShell />);

    expect(screen.queryByRole("complementary")).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.keyboard("{Control>}b{/Control}");
    const drawer = await screen.findByRole("dialog", { name: "Navigation" });
    expect(drawer).toHaveAttribute("data-mobile", "true");
    expect(drawer).toHaveAttribute("data-state", "open");
    expect(screen.getByRole("link", { name: "Frog" })).toBeInTheDocument();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("opens from the trigger and closes when a menu link is followed", async () => {
    mockMobileViewport();
    const user = userEvent.setup();
    render(<TestShell />);

    const trigger = screen.getByRole("button", { name: "Toggle sidebar" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(trigger);
    expect(await screen.findByRole("dialog", { name: "Navigation" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Frog" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // The drawer never touches the remembered desktop state.
    expect(document.cookie).not.toContain("sidebar:state");
  });
});
