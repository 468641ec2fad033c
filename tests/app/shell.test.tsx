import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { server } from "../msw/server";
import { storeSession, subscriptionHandler } from "../msw/supabase";
import { renderApp } from "../utils";

const SIDEBAR_ORDER = [
  "Cucumber.AI",
  "Cucumber",
  "Batch Processing",
  "Hulk",
  "Muppet",
  "Frog",
  "Simpsons",
  "GTA",
  "Family Guy",
  "Skeleton",
  "Animator",
  "Create Art",
  "Modify Scene",
  "Visual Poetry",
  "Celebrations",
  // My Creations (SPEC 2.20), every kept result, first of the "More" group.
  "My Creations",
  // Freemium: the plan it needs, said before it is pressed (issue 27 §1).
  "Convert Anything, needs $5/month",
  "Explore",
  "Share Photos (opens in a new tab)",
];

function sidebarLinks() {
  const sidebar = document.querySelector<HTMLElement>('[data-slot="sidebar"]');
  if (!sidebar) throw new Error("no sidebar rendered");
  return within(sidebar).getAllByRole("link");
}

/** The sidebar's Convert Anything, with or without the plan it needs. */
function convertAnything() {
  return sidebarLinks().find((l) => l.textContent?.trim().startsWith("Convert Anything"))!;
}

describe("app shell", () => {
  it("lists every sidebar entry of the spec, in order, with the right targets", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    renderApp("/pricing");
    await screen.findByRole("heading", { level: 1, name: "Pricing" });
    await screen.findByRole("link", { name: /^Convert Anything\s*, needs \$5\/month$/ });
    const links = sidebarLinks();
    expect(links.map((l) => l.textContent?.trim() || l.getAttribute("aria-label"))).toEqual(SIDEBAR_ORDER);
    const byName = (name: string) => links.find((l) => l.textContent?.trim() === name)!;
    expect(byName("Cucumber")).toHaveAttribute("href", "/");
    expect(byName("Batch Processing")).toHaveAttribute("href", "/batch-processing");
    expect(byName("Family Guy")).toHaveAttribute("href", "/family-guy");
    expect(byName("Create Art")).toHaveAttribute("href", "/create-art");
    expect(byName("Modify Scene")).toHaveAttribute("href", "/create-nft");
    expect(byName("Visual Poetry")).toHaveAttribute("href", "/visual-poetry");
    expect(byName("My Creations")).toHaveAttribute("href", "/creations");
    expect(byName("Convert Anything, needs $5/month")).toHaveAttribute("href", "#");
    expect(byName("Explore")).toHaveAttribute("href", "#explore");
    const share = links.at(-1)!;
    expect(share).toHaveAttribute("target", "_blank");
    expect(share.getAttribute("rel")).toContain("noopener");
  });

  it("marks the current page in the sidebar", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    renderApp("/muppet");
    await screen.findByRole("heading", { level: 1, name: "Muppet.AI" });
    const muppet = sidebarLinks().find((l) => l.textContent?.trim() === "Muppet")!;
    expect(muppet).toHaveAttribute("aria-current", "page");
  });

  it("opens the Explore dialog with three external tools and closes it", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    renderApp("/pricing");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Pricing" });
    await user.click(sidebarLinks().find((l) => l.textContent?.trim() === "Explore")!);
    const dialog = await screen.findByRole("dialog", { name: "Explore External Tools" });
    expect(
      within(dialog).getByText("Discover these useful tools for your creative and productive needs"),
    ).toBeInTheDocument();
    const visits = within(dialog).getAllByRole("link", { name: /^Visit / });
    expect(visits).toHaveLength(3);
    visits.forEach((v) => expect(v).toHaveAttribute("target", "_blank"));
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("Convert Anything on the Freemium plan opens its dialog, which says the plan it needs (issue 27)", async () => {
    storeSession();
    server.use(subscriptionHandler(null));
    const { router } = renderApp("/hulk");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Hulk.AI" });
    // The plan it needs is on the entry itself, visible before the press.
    const entry = await screen.findByRole("link", { name: /^Convert Anything\s*, needs \$5\/month$/ });
    expect(within(entry).getByText("$5/month")).toBeVisible();
    await user.click(entry);
    const dialog = await screen.findByRole("dialog", { name: "Convert Image" });
    expect(
      within(dialog).getByText("Custom transformations require a $5/month subscription"),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
    expect(router.state.location.pathname).toBe("/");
  });

  it("Convert Anything on the $5/month plan opens the custom transformation on the home page", async () => {
    storeSession();
    server.use(subscriptionHandler("$5/month"));
    const { router } = renderApp("/hulk");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Hulk.AI" });
    // The plan has it: no badge once the plan is read (the page's counter shows the plan's limit).
    await screen.findByText(/Remaining conversions: \d+ \/ 20/);
    expect(convertAnything()).toHaveTextContent(/^Convert Anything$/);
    await user.click(convertAnything());
    expect(await screen.findByRole("dialog", { name: "Convert Image" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe("?custom=true");
  });

  it("Convert Anything when signed out goes to the login screen", async () => {
    const { router } = renderApp("/pricing");
    const user = userEvent.setup();
    await screen.findByRole("heading", { level: 1, name: "Pricing" });
    await user.click(convertAnything());
    await screen.findByRole("heading", { level: 1, name: "Login" });
    expect(router.state.location.search).toBe("?redirect=%2F%3Fcustom%3Dtrue");
  });

  it("a signed-out visitor sees Log In in the top bar instead of the account menu", async () => {
    renderApp("/documentation");
    await screen.findByRole("heading", { level: 1, name: "Documentation" });
    expect(screen.getByRole("button", { name: "Log In" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Account menu" })).not.toBeInTheDocument();
  });
});
