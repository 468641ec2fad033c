// The account menu: its items, keyboard use, and the dialogs it opens.
import { render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { UserMenu } from "@/features/account/user-menu";
import { server } from "../../msw/server";
import { SUPABASE_URL } from "../../msw/supabase";
import { renderApp } from "../../utils";
import { avatar, lastButton, openFromMenu, renderSignedIn } from "./helpers";

const ITEMS = ["My Profile", "Settings", "Help", "Support", "Logout"];

describe("user menu", () => {
  it("shows the user's initial on the avatar and lists the five items in order", async () => {
    const { user, trigger } = await renderSignedIn({ user: { email: "ada@example.com" } });
    expect(trigger).toHaveTextContent("A");
    await user.click(trigger);
    const menu = await screen.findByRole("menu");
    expect(menu).toHaveTextContent("ada@example.com");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent?.trim()),
    ).toEqual(ITEMS);
  });

  it.each([
    ["My Profile", "My Profile", "dialog"],
    ["Settings", "Settings", "dialog"],
    ["Help", "Help Center", "dialog"],
    ["Support", "Contact Support", "dialog"],
    ["Logout", "Confirm Logout", "alertdialog"],
  ] as const)("%s opens the %s dialog and closes the menu", async (item, title, role) => {
    // The Help Center loads its articles; an empty list is enough here.
    server.use(http.get(`${SUPABASE_URL}/rest/v1/help_articles`, () => HttpResponse.json([])));
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, item, title, role);
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole("menu")).not.toBeInTheDocument();
    expect(screen.getAllByRole(role)).toHaveLength(1);
  });

  it("dialogs are mutually exclusive: Edit Profile swaps Profile for Settings", async () => {
    const setup = await renderSignedIn();
    const profile = await openFromMenu(setup, "My Profile", "My Profile");
    await setup.user.click(within(profile).getByRole("button", { name: "Edit Profile" }));
    expect(await screen.findByRole("dialog", { name: "Settings" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "My Profile" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });

  it("closing a dialog gives focus back to the avatar, and the menu opens again", async () => {
    const setup = await renderSignedIn();
    const profile = await openFromMenu(setup, "My Profile", "My Profile");
    await setup.user.click(lastButton(profile, "Close"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(avatar()).toHaveFocus());
    await setup.user.click(avatar());
    expect(await screen.findByRole("menu")).toBeInTheDocument();
  });

  it("works by keyboard: Enter opens the menu, arrows reach the items, Enter opens a dialog, Escape closes it", async () => {
    const { user, trigger } = await renderSignedIn();
    trigger.focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "My Profile" })).toHaveFocus());
    await user.keyboard("{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toHaveFocus();
    await user.keyboard("{Enter}");
    const settings = await screen.findByRole("dialog", { name: "Settings" });
    await waitFor(() => expect(settings).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(avatar()).toHaveFocus());
  });

  it("ArrowDown on the avatar opens the menu too, and End reaches Logout", async () => {
    const { user, trigger } = await renderSignedIn();
    trigger.focus();
    await user.keyboard("{ArrowDown}");
    const menu = await screen.findByRole("menu");
    await user.keyboard("{End}");
    expect(within(menu).getByRole("menuitem", { name: "Logout" })).toHaveFocus();
    await user.keyboard("{Enter}");
    const confirm = await screen.findByRole("alertdialog", { name: "Confirm Logout" });
    await waitFor(() => expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus());
  });

  it("a signed-out visitor gets the Log In button", async () => {
    const { router } = renderApp("/documentation");
    expect(await screen.findByRole("button", { name: "Log In" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Account menu" })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/documentation");
  });

  it("outside a router it is a plain avatar button", () => {
    render(<UserMenu />);
    const avatar = screen.getByRole("button", { name: "Account menu" });
    expect(avatar).not.toHaveAttribute("aria-haspopup");
  });
});
