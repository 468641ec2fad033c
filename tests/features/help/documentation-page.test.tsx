import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { gatedTools } from "@/tools/registry";
import { VARIANTS } from "@/config/variants";
import { renderApp } from "../../utils";

async function openDocs(path = "/documentation") {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Documentation" });
  return view;
}

function section(name: string) {
  return screen.getByRole("region", { name });
}

describe("Documentation page", () => {
  it("has the three sections in order, with an in-page table of contents", async () => {
    await openDocs();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Features",
      "Subscription Tiers",
      "Getting Started",
    ]);
    const toc = screen.getByRole("navigation", { name: "On this page" });
    expect(
      within(toc)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["Features", "#features"],
      ["Subscription Tiers", "#subscription-tiers"],
      ["Getting Started", "#getting-started"],
    ]);
    expect(section("Features")).toHaveAttribute("id", "features");
    expect(section("Subscription Tiers")).toHaveAttribute("id", "subscription-tiers");
    expect(section("Getting Started")).toHaveAttribute("id", "getting-started");
  });

  it("a link to a section lands on it", async () => {
    const scroll = vi.spyOn(Element.prototype, "scrollIntoView");
    await openDocs("/documentation#getting-started");
    await waitFor(() => expect(scroll).toHaveBeenCalled());
    expect(scroll.mock.contexts.at(-1)).toBe(section("Getting Started"));
    scroll.mockRestore();
  });

  it("Getting Started has the four steps in order, each with a sentence", async () => {
    await openDocs();
    const steps = within(section("Getting Started")).getByRole("list", { name: "Getting started steps" });
    const items = within(steps).getAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("heading").textContent)).toEqual([
      "Create an account",
      "Upload an image",
      "Choose a style",
      "Download",
    ]);
    expect(items[0]).toHaveTextContent(/Sign up/);
    expect(items[1]).toHaveTextContent(/JPG, PNG, WEBP, GIF and HEIC/);
    expect(items[2]).toHaveTextContent(/sidebar/);
    expect(items[3]).toHaveTextContent(/click Download to save a PNG/);
  });

  it("Features lists every style with its download file and every tool, linked", async () => {
    await openDocs();
    const features = section("Features");
    for (const v of VARIANTS) {
      expect(within(features).getByRole("link", { name: v.title })).toHaveAttribute("href", v.path);
      expect(within(features).getByText(v.downloadName)).toBeInTheDocument();
    }
    for (const t of gatedTools()) {
      expect(within(features).getByRole("link", { name: t.title })).toHaveAttribute("href", t.path);
    }
    expect(within(features).getByRole("link", { name: "Convert Anything" })).toHaveAttribute(
      "href",
      "/?custom=true",
    );
  });

  it("Subscription Tiers shows the four plans with 3 / 20 / 40 / 130 a month", async () => {
    await openDocs();
    const tiers = section("Subscription Tiers");
    const plans = within(tiers)
      .getAllByRole("listitem")
      .filter((li) => within(li).queryByRole("heading", { level: 3 }));
    expect(plans.map((li) => within(li).getByRole("heading").textContent)).toEqual([
      "Freemium",
      "Basic",
      "Standard",
      "Premium",
    ]);
    expect(plans.map((li) => within(li).getByText(/^(Free|\$\d+\/month)$/).textContent)).toEqual([
      "Free",
      "$5/month",
      "$10/month",
      "$30/month",
    ]);
    for (const n of [3, 20, 40, 130])
      expect(within(tiers).getByText(`${n} conversions per month`)).toBeInTheDocument();
    expect(tiers).toHaveTextContent(/Custom transformations: Convert Anything/);
    expect(tiers).toHaveTextContent(/Multiple versions: Try Another Version/);
    expect(tiers).toHaveTextContent(/choose Support/);
  });

  it("links to the Help Center and to Pricing", async () => {
    const user = userEvent.setup();
    const { router } = await openDocs();
    const more = screen.getByRole("complementary", { name: "More help" });
    expect(within(more).getByRole("link", { name: "View Pricing" })).toHaveAttribute("href", "/pricing");

    await user.click(within(more).getByRole("link", { name: "Help Center" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Help Center" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/help");
  });

  it("View Pricing leads to the pricing page", async () => {
    const user = userEvent.setup();
    const { router } = await openDocs();
    await user.click(screen.getByRole("link", { name: "View Pricing" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
  });
});
