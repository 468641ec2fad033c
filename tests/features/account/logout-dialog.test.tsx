import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "../../msw/server";
import { logoutHandler, SESSION_STORAGE_KEY, SUPABASE_URL } from "../../msw/supabase";
import { openFromMenu, renderSignedIn } from "./helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Confirm Logout", () => {
  it("asks first; Cancel keeps the visitor signed in", async () => {
    let calls = 0;
    server.use(logoutHandler(() => calls++));
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    expect(dialog).toHaveTextContent("Are you sure you want to log out of your account?");
    await setup.user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Account menu" })).toBeInTheDocument();
    expect(calls).toBe(0);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('Logout signs out: "You have been logged out successfully" and the login screen', async () => {
    let calls = 0;
    server.use(logoutHandler(() => calls++));
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("You have been logged out successfully")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Login" })).toBeInTheDocument();
    expect(setup.router.state.location.pathname).toBe("/auth");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(calls).toBe(1);
    await waitFor(() => expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull());
  });

  it("on a public page, signing out leaves the Log In button and no dialog", async () => {
    server.use(logoutHandler());
    const setup = await renderSignedIn({ path: "/documentation" });
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("button", { name: "Log In" })).toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(setup.router.state.location.pathname).toBe("/documentation");
  });

  it('a failed sign-out says "Failed to log out. Please try again."', async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    server.use(
      http.post(`${SUPABASE_URL}/auth/v1/logout`, () =>
        HttpResponse.json({ message: "boom" }, { status: 500 }),
      ),
    );
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "Logout", "Confirm Logout", "alertdialog");
    await setup.user.click(within(dialog).getByRole("button", { name: "Logout" }));
    expect(await screen.findByText("Failed to log out. Please try again.")).toBeInTheDocument();
  });
});
