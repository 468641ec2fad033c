import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  Sidebar,
  SidebarContent,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
} from "@/components/ui/sidebar";

function Rail({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <SidebarProvider defaultOpen={defaultOpen}>
      <Sidebar>
        <SidebarContent>
          <SidebarMenu>
            {["Hulk", "Frog"].map((label) => (
              <SidebarMenuItem key={label}>
                <SidebarMenuButton asChild tooltip={label}>
                  <a href={`#${label.toLowerCase()}`}>
                    <span>{label}</span>
                  </a>
                </SidebarMenuButton>
              </SidebarMenuItem>
            ))}
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
    </SidebarProvider>
  );
}

const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe("sidebar item labels on the collapsed rail", () => {
  it("describe the focused item and close with Escape", async () => {
    const user = userEvent.setup();
    render(<Rail />);
    await user.tab();
    const link = screen.getByRole("link", { name: "Hulk" });
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent("Hulk");
    expect(link).toHaveAttribute("aria-describedby", tooltip.id);

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(link).not.toHaveAttribute("aria-describedby");
  });

  it("open on hover only after the 700 ms delay, and close when the pointer leaves", async () => {
    const user = userEvent.setup();
    render(<Rail />);
    // Past the 300 ms in which a label opens at once after another one closed.
    await wait(350);
    const link = screen.getByRole("link", { name: "Frog" });
    await user.hover(link);
    await wait(400);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(await screen.findByRole("tooltip", {}, { timeout: 1000 })).toHaveTextContent("Frog");

    await user.unhover(link);
    await waitFor(() => expect(screen.queryByRole("tooltip")).not.toBeInTheDocument());
  });

  it("keep the item in place: the same element before, during and after its label", async () => {
    const user = userEvent.setup();
    render(<Rail />);
    const before = screen.getByRole("link", { name: "Hulk" });
    await user.tab();
    await screen.findByRole("tooltip");
    expect(screen.getByRole("link", { name: "Hulk" })).toBe(before);
    expect(before).toHaveFocus();
  });

  it("are not shown while the sidebar is expanded", async () => {
    const user = userEvent.setup();
    render(<Rail defaultOpen />);
    await user.hover(screen.getByRole("link", { name: "Hulk" }));
    await wait(900);
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });
});
