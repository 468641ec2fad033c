import { describe, expect, it } from "vitest";
import { TIERS } from "@/config/tiers";
import { gatedTools } from "@/tools/registry";
import { VARIANTS } from "@/config/variants";
import {
  conversionsLabel,
  customNeedsNote,
  faqEntries,
  gettingStartedSteps,
  HELP_TABS,
  highestLimit,
  isHelpTab,
  joinNames,
  otherToolFeatures,
  planLabel,
  planNotes,
  planSummaries,
  priceLabel,
  requirementLabel,
  styleFeatures,
} from "@/features/help/content";

function answerText(id: string): string {
  const entry = faqEntries().find((e) => e.id === id);
  if (!entry) throw new Error(`no FAQ entry ${id}`);
  return entry.answer.map((b) => (b.kind === "text" ? b.text : b.items.join("\n"))).join("\n");
}

describe("help content: labels", () => {
  it("joins names the way a sentence does", () => {
    expect(joinNames([])).toBe("");
    expect(joinNames(["Hulk"])).toBe("Hulk");
    expect(joinNames(["Hulk", "Frog"])).toBe("Hulk and Frog");
    expect(joinNames(["Hulk", "Frog", "GTA"])).toBe("Hulk, Frog and GTA");
  });

  it("labels prices, conversions and plans from the tiers table", () => {
    expect(TIERS.map(priceLabel)).toEqual(["Free", "$5/month", "$10/month", "$30/month"]);
    expect(conversionsLabel(1)).toBe("1 conversion per month");
    expect(conversionsLabel(40)).toBe("40 conversions per month");
    expect(planLabel("Freemium")).toBe("Freemium (free)");
    expect(planLabel("$5/month")).toBe("Basic ($5/month)");
    expect(requirementLabel("$10/month")).toBe("Standard plan and up");
  });
});

describe("help content: plans", () => {
  it("has the four plans in order with their limits", () => {
    const plans = planSummaries();
    expect(plans.map((p) => [p.id, p.name, p.priceLabel, p.limit, p.conversionsLabel])).toEqual([
      ["Freemium", "Freemium", "Free", 3, "3 conversions per month"],
      ["$5/month", "Basic", "$5/month", 20, "20 conversions per month"],
      ["$10/month", "Standard", "$10/month", 40, "40 conversions per month"],
      ["$30/month", "Premium", "$30/month", 130, "130 conversions per month"],
    ]);
  });

  it("says what each plan unlocks, each building on the one before", () => {
    const [free, basic, standard, premium] = planSummaries();
    const freeText = free!.unlocks.join(" ");
    for (const v of VARIANTS) expect(freeText).toContain(v.label);
    for (const t of gatedTools().filter((t) => !t.variant)) expect(freeText).toContain(t.label);
    expect(basic!.unlocks).toEqual([
      "Everything in Freemium",
      expect.stringContaining("Custom transformations: Convert Anything"),
    ]);
    expect(standard!.unlocks).toEqual([
      "Everything in Basic",
      expect.stringContaining("Multiple versions: Try Another Version"),
      expect.stringContaining("2K images: choose Size 2K"),
    ]);
    expect(premium!.unlocks).toEqual([
      "Everything in Standard",
      expect.stringContaining("4K images: choose Size 4K"),
      "The most conversions of any plan",
    ]);
  });

  it("sends custom needs to support and states the shared rules", () => {
    expect(highestLimit()).toBe(130);
    expect(customNeedsNote()).toMatch(/more than 130 conversions a month/);
    expect(customNeedsNote()).toMatch(/account menu.*Support/);
    expect(planNotes().join(" ")).toMatch(/start again on the 1st/);
    expect(planNotes().join(" ")).toMatch(/no card is ever charged/);
  });
});

describe("help content: features", () => {
  it("has one entry per row of the variant table, in its order", () => {
    expect(styleFeatures()).toEqual(
      VARIANTS.map((v) =>
        expect.objectContaining({
          title: v.title,
          description: v.description,
          to: v.path,
          emoji: v.emoji,
          downloadName: v.downloadName,
        }),
      ),
    );
  });

  it("lists Convert Anything (Basic and up) and every other tool route", () => {
    const [convert, ...tools] = otherToolFeatures();
    expect(convert).toMatchObject({
      title: "Convert Anything",
      to: "/?custom=true",
      requiredTier: "$5/month",
    });
    expect(tools.map((t) => [t.title, t.to])).toEqual(
      gatedTools()
        .filter((t) => !t.variant)
        .map((t) => [t.title, t.path]),
    );
  });

  it("covers every tool route of the app", () => {
    const linked = new Set([...styleFeatures(), ...otherToolFeatures()].map((f) => f.to));
    for (const tool of gatedTools()) expect(linked).toContain(tool.path);
  });
});

describe("help content: FAQ", () => {
  it("asks exactly the five questions of the spec, in order", () => {
    expect(faqEntries().map((e) => e.question)).toEqual([
      "How do I transform an image?",
      "How do I download my transformed image?",
      "What image formats are supported?",
      "How are conversions counted?",
      "What happens when I run out of conversions?",
    ]);
  });

  it("explains transforming with every way to add a photo and the plan features", () => {
    const text = answerText("transform");
    expect(text).toMatch(/Sign in/);
    for (const v of VARIANTS) expect(text).toContain(v.label);
    for (const way of ["Drop a photo", "Select Image", "paste", "Take Photo", "compare", "Download"])
      expect(text).toContain(way);
    expect(text).toMatch(/Convert Anything \(from the Basic \(\$5\/month\) plan\)/);
    expect(text).toMatch(/Standard \(\$10\/month\) plan, Try Another Version/);
    // Issue 28: where Shape and Size are, and the plan each size needs.
    expect(text).toContain("Shape and Size above the upload area: Same as photo (the default)");
    expect(text).toContain(
      "1K images are on every plan, 2K images from the Standard ($10/month) plan, 4K images from the Premium ($30/month) plan;",
    );
    expect(text).toContain(
      'the message offers "Make it at 1K", which makes the same photo at 1K straight away.',
    );
  });

  it("names every style's download file", () => {
    const text = answerText("download");
    expect(text).toMatch(/PNG/);
    for (const v of VARIANTS) expect(text).toContain(`${v.title}: ${v.downloadName}`);
    expect(text).toContain("hulk-edition.png");
    expect(text).toContain("never scaled down, with its size in the name: cucumber-ai-edition-4k.png");
  });

  it("lists the formats, the 5MB advice, downscaling and privacy", () => {
    const text = answerText("formats");
    for (const format of ["JPG", "PNG", "WEBP", "GIF", "HEIC"]) expect(text).toContain(format);
    expect(text).toContain("under 5MB");
    expect(text).toContain("2,048 pixels");
    expect(text).toContain("Frog.AI uses 1,024");
    expect(text).toMatch(/never leave your device/);
  });

  it("counts per successful image per calendar month, with each plan's number", () => {
    const text = answerText("counting");
    expect(text).toMatch(/Every successful image counts as one conversion/);
    expect(text).toMatch(/fails or that you cancel never counts/);
    expect(text).toMatch(/calendar month/);
    expect(text).toContain("Freemium 3, Basic 20, Standard 40 and Premium 130");
  });

  it("says what happens at the limit and links to Pricing", () => {
    const entry = faqEntries().find((e) => e.id === "run-out");
    const text = answerText("run-out");
    expect(text).toContain('"Usage Limit Reached"');
    expect(text).toMatch(/1st of next month/);
    expect(entry?.link).toEqual({ label: "See the plans", to: "/pricing" });
  });
});

describe("help content: tabs and getting started", () => {
  it("knows the three tabs", () => {
    expect(HELP_TABS.map((t) => t.label)).toEqual(["FAQ", "Features", "Subscription"]);
    expect(["faq", "features", "subscription"].every(isHelpTab)).toBe(true);
    expect(isHelpTab("FAQ")).toBe(false);
    expect(isHelpTab(null)).toBe(false);
  });

  it("has the four getting started steps in order", () => {
    const steps = gettingStartedSteps();
    expect(steps.map((s) => s.title)).toEqual([
      "Create an account",
      "Upload an image",
      "Choose a style",
      "Download",
    ]);
    for (const step of steps) expect(step.text.length).toBeGreaterThan(20);
    expect(steps[0]!.text).toContain("3 conversions per month");
  });
});
