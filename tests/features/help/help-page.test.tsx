// @vitest-environment jsdom
// (jsdom, not the ui project's happy-dom: Radix's roving focus across the tabs)
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { gatedTools } from "@/tools/registry";
import { VARIANTS } from "@/config/variants";
import { renderApp } from "../../utils";

const QUESTIONS = [
  "How do I transform an image?",
  "How do I download my transformed image?",
  "What image formats are supported?",
  "How are conversions counted?",
  "What happens when I run out of conversions?",
];

async function openHelp(path = "/help") {
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Help Center" });
  return view;
}

function tab(name: string) {
  return screen.getByRole("tab", { name });
}

function panel() {
  return screen.getByRole("tabpanel");
}

describe("Help Center page", () => {
  it("is public, has its heading, and shows the FAQ tab first", async () => {
    await openHelp();
    const list = screen.getByRole("tablist", { name: "Help topics" });
    expect(
      within(list)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["FAQ", "Features", "Subscription"]);
    expect(tab("FAQ")).toHaveAttribute("aria-selected", "true");
    expect(panel()).toHaveAccessibleName("FAQ");
    expect(screen.getByRole("link", { name: "Read the getting started guide" })).toHaveAttribute(
      "href",
      "/documentation#getting-started",
    );
  });

  it("switches tabs by click and keeps the tab in the address", async () => {
    const user = userEvent.setup();
    const { router } = await openHelp();

    await user.click(tab("Features"));
    await waitFor(() => expect(tab("Features")).toHaveAttribute("aria-selected", "true"));
    expect(tab("FAQ")).toHaveAttribute("aria-selected", "false");
    expect(within(panel()).getByRole("heading", { name: "Style tools" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: QUESTIONS[0] })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("?tab=features");

    await user.click(tab("Subscription"));
    expect(await screen.findByRole("heading", { name: "Plans" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?tab=subscription");

    await user.click(tab("FAQ"));
    expect(await screen.findByRole("button", { name: QUESTIONS[0] })).toBeInTheDocument();
    expect(router.state.location.search).toBe("");
  });

  it("switches tabs with the arrow keys, Home and End", async () => {
    const user = userEvent.setup();
    await openHelp();
    act(() => tab("FAQ").focus());

    // Arrow keys move the focus and select the focused tab (the selection goes through the address).
    const press = async (key: string, name: string) => {
      await user.keyboard(key);
      expect(tab(name)).toHaveFocus();
      await waitFor(() => expect(tab(name)).toHaveAttribute("aria-selected", "true"));
    };
    await press("{ArrowRight}", "Features");
    expect(within(panel()).getByRole("heading", { name: "Style tools" })).toBeInTheDocument();
    await press("{ArrowRight}", "Subscription");
    await press("{ArrowRight}", "FAQ");
    await press("{ArrowLeft}", "Subscription");
    await press("{Home}", "FAQ");
    await press("{End}", "Subscription");

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(panel()).toHaveFocus();
    expect(panel()).toHaveAccessibleName("Subscription");
  });

  it.each([
    ["?tab=features", "Features"],
    ["?tab=subscription", "Subscription"],
    ["?tab=faq", "FAQ"],
    ["?tab=nonsense", "FAQ"],
  ])("opens the tab named in %s", async (search, name) => {
    await openHelp(`/help${search}`);
    expect(tab(name)).toHaveAttribute("aria-selected", "true");
  });
});

describe("Help Center FAQ", () => {
  it("has exactly the five questions, all closed", async () => {
    await openHelp();
    const questions = within(panel()).getAllByRole("button");
    expect(questions.map((q) => q.textContent)).toEqual(QUESTIONS);
    for (const q of questions) expect(q).toHaveAttribute("aria-expanded", "false");
    // Each question is also a heading, for screen-reader navigation.
    expect(
      within(panel())
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(QUESTIONS);
  });

  it("opens one question at a time, and closes the open one when clicked again", async () => {
    const user = userEvent.setup();
    await openHelp();
    const first = screen.getByRole("button", { name: QUESTIONS[0] });
    const second = screen.getByRole("button", { name: QUESTIONS[1] });

    await user.click(first);
    expect(first).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Sign in, or create a free account.")).toBeVisible();

    await user.click(second);
    expect(second).toHaveAttribute("aria-expanded", "true");
    expect(first).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Sign in, or create a free account.")).not.toBeInTheDocument();
    expect(screen.getByText("Hulk.AI: hulk-edition.png")).toBeVisible();

    await user.click(second);
    for (const q of within(panel()).getAllByRole("button"))
      expect(q).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("Hulk.AI: hulk-edition.png")).not.toBeInTheDocument();
  });

  it("works by keyboard: Enter opens, Space closes, arrows move between questions", async () => {
    const user = userEvent.setup();
    await openHelp();
    const first = screen.getByRole("button", { name: QUESTIONS[0] });
    act(() => first.focus());
    await user.keyboard("{Enter}");
    expect(first).toHaveAttribute("aria-expanded", "true");
    await user.keyboard("{ArrowDown}");
    const second = screen.getByRole("button", { name: QUESTIONS[1] });
    expect(second).toHaveFocus();
    await user.keyboard(" ");
    expect(second).toHaveAttribute("aria-expanded", "true");
    expect(first).toHaveAttribute("aria-expanded", "false");
    await user.keyboard(" ");
    expect(second).toHaveAttribute("aria-expanded", "false");
  });

  it("answers match how the app works", async () => {
    const user = userEvent.setup();
    await openHelp();

    await user.click(screen.getByRole("button", { name: QUESTIONS[2] }));
    let answer = screen.getByRole("region", { name: QUESTIONS[2] });
    expect(answer).toHaveTextContent(/JPG, PNG and WEBP, and also GIF and HEIC/);
    expect(answer).toHaveTextContent(/under 5MB/);
    expect(answer).toHaveTextContent(/never leave your device/);

    await user.click(screen.getByRole("button", { name: QUESTIONS[3] }));
    answer = screen.getByRole("region", { name: QUESTIONS[3] });
    expect(answer).toHaveTextContent(/Freemium 3, Basic 20, Standard 40 and Premium 130/);
    expect(answer).toHaveTextContent(/never counts/);

    await user.click(screen.getByRole("button", { name: QUESTIONS[4] }));
    answer = screen.getByRole("region", { name: QUESTIONS[4] });
    expect(answer).toHaveTextContent(/Usage Limit Reached/);
    expect(answer).toHaveTextContent(/1st of next month/);
    expect(within(answer).getByRole("link", { name: "See the plans" })).toHaveAttribute("href", "/pricing");
  });

  it("the download answer names every style's file", async () => {
    const user = userEvent.setup();
    await openHelp();
    await user.click(screen.getByRole("button", { name: QUESTIONS[1] }));
    const answer = screen.getByRole("region", { name: QUESTIONS[1] });
    for (const v of VARIANTS) expect(answer).toHaveTextContent(`${v.title}: ${v.downloadName}`);
  });
});

describe("Help Center Features and Subscription tabs", () => {
  it("Features lists every style and every tool, each linking to its page", async () => {
    await openHelp("/help?tab=features");
    const features = panel();
    for (const v of VARIANTS) {
      expect(within(features).getByRole("link", { name: v.title })).toHaveAttribute("href", v.path);
      expect(within(features).getByText(v.description)).toBeInTheDocument();
    }
    for (const t of gatedTools()) {
      expect(within(features).getByRole("link", { name: t.title })).toHaveAttribute("href", t.path);
    }
    expect(within(features).getByRole("link", { name: "Convert Anything" })).toHaveAttribute(
      "href",
      "/?custom=true",
    );
    expect(within(features).getByText("Basic plan and up")).toBeInTheDocument();
  });

  it("following a tool link as a visitor leads to the login screen", async () => {
    const user = userEvent.setup();
    const { router } = await openHelp("/help?tab=features");
    await user.click(within(panel()).getByRole("link", { name: "Hulk.AI" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?redirect=%2Fhulk");
  });

  it("Subscription shows the four plans with 3 / 20 / 40 / 130 and links to Pricing", async () => {
    const user = userEvent.setup();
    const { router } = await openHelp("/help?tab=subscription");
    const plans = within(panel())
      .getAllByRole("listitem")
      .filter((li) => li.hasAttribute("aria-labelledby"));
    expect(plans.map((p) => within(p).getByRole("heading").textContent)).toEqual([
      "Freemium",
      "Basic",
      "Standard",
      "Premium",
    ]);
    expect(plans.map((p) => within(p).getByText(/conversions per month$/).textContent)).toEqual([
      "3 conversions per month",
      "20 conversions per month",
      "40 conversions per month",
      "130 conversions per month",
    ]);
    expect(plans[0]).toHaveTextContent("Free");
    expect(plans[1]).toHaveTextContent("$5/month");
    expect(plans[1]).toHaveTextContent("Convert Anything");
    expect(plans[2]).toHaveTextContent("$10/month");
    expect(plans[2]).toHaveTextContent("Try Another Version");
    expect(plans[3]).toHaveTextContent("$30/month");
    expect(plans[3]).toHaveTextContent("The most conversions of any plan");
    expect(panel()).toHaveTextContent(/open the account menu .* and choose Support/);

    await user.click(within(panel()).getByRole("link", { name: "View Pricing" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
  });
});
