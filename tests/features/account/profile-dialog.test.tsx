// The Profile dialog: email, member-since month, plan and name, and its ways to Settings and Pricing.
import { screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, delay } from "msw";
import { describe, expect, it } from "vitest";
import { server } from "../../msw/server";
import { SUPABASE_URL } from "../../msw/supabase";
import { lastButton, openFromMenu, renderSignedIn } from "./helpers";

describe("My Profile", () => {
  it("shows the account email, the real creation month and the Freemium plan", async () => {
    const setup = await renderSignedIn({
      user: { email: "ada@example.com", created_at: "2026-11-15T12:00:00Z" },
      tier: null,
    });
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(within(dialog).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(dialog).getByText("Member since November 2026")).toBeInTheDocument();
    expect(await within(dialog).findByText("Freemium")).toBeInTheDocument();
    expect(within(dialog).getByText("3 conversions per month")).toBeInTheDocument();
  });

  it("an older account shows its own month, and a paid plan its displayed name and price", async () => {
    const setup = await renderSignedIn({
      user: { created_at: "2025-04-10T08:30:00Z" },
      tier: "$10/month",
    });
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(within(dialog).getByText("Member since April 2025")).toBeInTheDocument();
    expect(await within(dialog).findByText("Standard ($10/month)")).toBeInTheDocument();
    expect(within(dialog).getByText("40 conversions per month")).toBeInTheDocument();
  });

  it('says "No email available" for an account without an email', async () => {
    const setup = await renderSignedIn({ user: { email: undefined, phone: "+15550100" } });
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(within(dialog).getByText("No email available")).toBeInTheDocument();
  });

  it("shows a placeholder while the plan loads", async () => {
    const setup = await renderSignedIn({ path: "/documentation" });
    setup.queryClient.clear();
    server.use(
      http.get(`${SUPABASE_URL}/rest/v1/subscriptions`, async () => {
        await delay(300);
        return HttpResponse.json([{ tier: "$30/month" }]);
      }),
    );
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(within(dialog).getByRole("status", { name: "Loading your plan" })).toBeInTheDocument();
    expect(await within(dialog).findByText("Premium ($30/month)")).toBeInTheDocument();
    expect(within(dialog).queryByRole("status", { name: "Loading your plan" })).not.toBeInTheDocument();
  });

  it("Upgrade Plan closes the dialog and goes to /pricing", async () => {
    const setup = await renderSignedIn();
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    await setup.user.click(within(dialog).getByRole("button", { name: "Upgrade Plan" }));
    await waitFor(() => expect(setup.router.state.location.pathname).toBe("/pricing"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("on the top plan offers no upgrade: View plans instead", async () => {
    const setup = await renderSignedIn({ tier: "$30/month" });
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(await within(dialog).findByText("Premium ($30/month)")).toBeInTheDocument();
    expect(within(dialog).queryByText("Free Tier")).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Upgrade Plan" })).not.toBeInTheDocument();
    await setup.user.click(within(dialog).getByRole("button", { name: "View plans" }));
    await waitFor(() => expect(setup.router.state.location.pathname).toBe("/pricing"));
  });

  it('without a chosen name shows no "User" but offers to add a name', async () => {
    const setup = await renderSignedIn({ user: { email: "ada@example.com" } });
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(within(dialog).queryByText("User")).not.toBeInTheDocument();
    expect(within(dialog).getByText(/No name yet/)).toBeInTheDocument();
    await setup.user.click(within(dialog).getByRole("button", { name: "Add your name" }));
    expect(await screen.findByRole("dialog", { name: "Settings" })).toBeInTheDocument();
  });

  it("Close closes it, Edit Profile opens Settings", async () => {
    const setup = await renderSignedIn();
    let dialog = await openFromMenu(setup, "My Profile", "My Profile");
    await setup.user.click(lastButton(dialog, "Close"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    dialog = await openFromMenu(setup, "My Profile", "My Profile");
    await setup.user.click(within(dialog).getByRole("button", { name: "Edit Profile" }));
    expect(await screen.findByRole("dialog", { name: "Settings" })).toBeInTheDocument();
  });

  it("shows the saved display name", async () => {
    localStorage.setItem("displayName", "Grace Hopper");
    const setup = await renderSignedIn({ user: { email: "ada@example.com" } });
    expect(setup.trigger).toHaveTextContent("G");
    const dialog = await openFromMenu(setup, "My Profile", "My Profile");
    expect(within(dialog).getByText("Grace Hopper")).toBeInTheDocument();
    expect(within(dialog).queryByText("User")).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/No name yet/)).not.toBeInTheDocument();
  });
});
