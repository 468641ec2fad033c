/**
 * The words of the Help Center (/help) and Documentation (/documentation) pages, derived from the
 * variant, tool and tier tables so they stay true when a style, tool or plan changes. Plain strings
 * only: both pages render them as text.
 */
import { paths } from "@/config/paths";
import {
  CUSTOM_TRANSFORM_TIER,
  FEATURE_GATES,
  MULTIPLE_VERSIONS_TIER,
  TIERS,
  type Tier,
  type TierId,
} from "@/config/tiers";
import { gatedTools } from "@/tools/registry";
import { getVariant, VARIANTS } from "@/config/variants";

// ---------------------------------------------------------------------------------------------------------
// Plans

function tierById(id: TierId): Tier {
  const tier = TIERS.find((t) => t.id === id);
  if (!tier) throw new Error(`Unknown tier ${id}`);
  return tier;
}

/** "Free" or "$5/month". */
export function priceLabel(tier: Tier): string {
  return tier.price === 0 ? "Free" : `$${tier.price}/month`;
}

/** "1 conversion per month", "20 conversions per month". */
export function conversionsLabel(limit: number): string {
  return `${limit} ${limit === 1 ? "conversion" : "conversions"} per month`;
}

/** The displayed name with its price: "Freemium (free)", "Basic ($5/month)". */
export function planLabel(id: TierId): string {
  const tier = tierById(id);
  return `${tier.name} (${tier.price === 0 ? "free" : priceLabel(tier)})`;
}

/** "Cucumber, Hulk, Muppet and Frog". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

export type PlanSummary = {
  id: TierId;
  name: string;
  /** US dollars per month, 0 for the free plan. */
  price: number;
  priceLabel: string;
  limit: number;
  conversionsLabel: string;
  /** What the plan gives, the first line naming what it builds on. */
  unlocks: string[];
};

const STYLE_LABELS = VARIANTS.map((v) => v.label);
const OTHER_TOOL_LABELS = gatedTools()
  .filter((t) => !t.variant)
  .map((t) => t.label);

/** The four plans in order, each with what it adds to the one before. */
export function planSummaries(): PlanSummary[] {
  const most = highestLimit();
  return TIERS.map((tier, index) => {
    const unlocks: string[] = [];
    const previous = TIERS[index - 1];
    if (previous) unlocks.push(`Everything in ${previous.name}`);
    else {
      unlocks.push(`Every style: ${joinNames(STYLE_LABELS)}`);
      unlocks.push(`Every other tool: ${joinNames(OTHER_TOOL_LABELS)}`);
    }
    if (tier.id === CUSTOM_TRANSFORM_TIER)
      unlocks.push("Custom transformations: Convert Anything changes a photo the way you describe it");
    if (tier.id === MULTIPLE_VERSIONS_TIER)
      unlocks.push("Multiple versions: Try Another Version makes a fresh take on any result");
    if (tier.id === FEATURE_GATES.size2K.tier)
      unlocks.push("2K images: choose Size 2K on any image tool for twice the detail");
    if (tier.id === FEATURE_GATES.size4K.tier)
      unlocks.push("4K images: choose Size 4K on any image tool for the sharpest prints");
    if (tier.limit === most && index > 0) unlocks.push("The most conversions of any plan");
    return {
      id: tier.id,
      name: tier.name,
      price: tier.price,
      priceLabel: priceLabel(tier),
      limit: tier.limit,
      conversionsLabel: conversionsLabel(tier.limit),
      unlocks,
    };
  });
}

/** "Freemium 3, Basic 20, Standard 40 and Premium 130". */
function limitsSentence(): string {
  return joinNames(TIERS.map((t) => `${t.name} ${t.limit}`));
}

/** The largest monthly allowance of any plan (for the "need more?" note). */
export function highestLimit(): number {
  return Math.max(...TIERS.map((t) => t.limit));
}

/** The rules every plan shares, shown under the plans on both pages. */
export function planNotes(): string[] {
  return [
    "One successful image is one conversion. A conversion that fails or that you cancel never counts.",
    "Conversions are counted per calendar month and start again on the 1st.",
    "Your plan is saved with your account, so it follows you to any browser.",
    "Payment is simulated: no card is ever charged.",
  ];
}

/** Enterprise or custom needs go to support (SPEC 6), through the account menu's Support item. */
export function customNeedsNote(): string {
  return `Need more than ${highestLimit()} conversions a month, or a plan for your team? Sign in, open the account menu (your avatar, top right) and choose Support to tell us what you need.`;
}

// ---------------------------------------------------------------------------------------------------------
// Features

export type FeatureEntry = {
  key: string;
  title: string;
  description: string;
  /** Where the tool lives (a route, with a query for Convert Anything). */
  to: string;
  emoji?: string;
  /** The file a style's Download button saves. */
  downloadName?: string;
  /** The plan it needs beyond a free account. */
  requiredTier?: TierId;
};

/** One entry per row of the variant table, in its order (Cucumber, the home page, first). */
export function styleFeatures(): FeatureEntry[] {
  return VARIANTS.map((v) => ({
    key: v.id,
    title: v.title,
    description: v.description,
    to: v.path,
    emoji: v.emoji,
    downloadName: v.downloadName,
  }));
}

/** Convert Anything, then every tool route that is not a style, in sidebar order. */
export function otherToolFeatures(): FeatureEntry[] {
  return [
    {
      key: "convert-anything",
      title: "Convert Anything",
      description:
        "Describe any change in your own words, typed or spoken, and the AI applies it to your photo.",
      to: `${paths.home}?custom=true`,
      requiredTier: CUSTOM_TRANSFORM_TIER,
    },
    ...gatedTools()
      .filter((t) => !t.variant)
      .map((t) => ({
        key: t.path,
        title: t.title,
        description: t.description,
        to: t.path,
      })),
  ];
}

/** "Basic plan and up". */
export function requirementLabel(id: TierId): string {
  return `${tierById(id).name} plan and up`;
}

// ---------------------------------------------------------------------------------------------------------
// FAQ (SPEC 2.17: exactly these five questions)

export type AnswerBlock =
  { kind: "text"; text: string } | { kind: "steps"; items: string[] } | { kind: "list"; items: string[] };

export type FaqEntry = {
  id: "transform" | "download" | "formats" | "counting" | "run-out";
  question: string;
  answer: AnswerBlock[];
  link?: { label: string; to: string };
};

const home = getVariant("cucumber");

/** The longest side a prepared photo may have, and the styles that send a smaller one. */
function downscaleSentence(): string {
  const largest = Math.max(...VARIANTS.map((v) => v.image.maxSide));
  const smaller = VARIANTS.filter((v) => v.image.maxSide < largest).map(
    (v) => `${v.title} uses ${v.image.maxSide.toLocaleString("en-US")}`,
  );
  const exceptions = smaller.length ? ` (${joinNames(smaller)})` : "";
  return `Big photos are scaled down on your device before they are sent, to at most ${largest.toLocaleString("en-US")} pixels on the longest side${exceptions}, and turned the right way up. Location and camera data (EXIF/GPS) are removed first, so they never leave your device.`;
}

export function faqEntries(): FaqEntry[] {
  const customPlan = planLabel(CUSTOM_TRANSFORM_TIER);
  const versionsPlan = planLabel(MULTIPLE_VERSIONS_TIER);
  return [
    {
      id: "transform",
      question: "How do I transform an image?",
      answer: [
        {
          kind: "steps",
          items: [
            "Sign in, or create a free account.",
            `Choose a style in the sidebar: ${joinNames(STYLE_LABELS)}. ${home.label} is the home page.`,
            "Drop a photo on the upload area, click Select Image, paste an image from the clipboard, or tap Take Photo on a phone.",
            "Before you drop it, you can choose its Shape and Size above the upload area: Same as photo (the default) or a shape such as Square 1:1 or Landscape 16:9, and 1K, 2K or 4K. Each tool remembers your choice.",
            "The conversion starts straight away. When it is done, drag the slider to compare the original with the result.",
            "Click Download to save it, or Try Another Image to start again.",
          ],
        },
        {
          kind: "text",
          text: `Want your own idea instead of a style? Convert Anything (from the ${customPlan} plan) changes a photo the way you describe it, typed or spoken. From the ${versionsPlan} plan, Try Another Version makes a fresh take on the same photo. 1K images are on every plan, 2K images from the ${planLabel(FEATURE_GATES.size2K.tier)} plan, 4K images from the ${planLabel(FEATURE_GATES.size4K.tier)} plan; choose a size your plan doesn't include and the message offers "Make it at 1K", which makes the same photo at 1K straight away.`,
        },
      ],
    },
    {
      id: "download",
      question: "How do I download my transformed image?",
      answer: [
        {
          kind: "text",
          text: "When the result appears, click the Download button under it. The image is saved as a PNG file named after the style:",
        },
        { kind: "list", items: VARIANTS.map((v) => `${v.title}: ${v.downloadName}`) },
        {
          kind: "text",
          text: `Convert Anything results from the home page are saved as ${home.downloadName}. A 2K or 4K image is saved exactly as the AI made it, never scaled down, with its size in the name: ${home.downloadName.replace(/\.png$/, "-4k.png")}. Downloading never uses a conversion, so you can download the same result again.`,
        },
      ],
    },
    {
      id: "formats",
      question: "What image formats are supported?",
      answer: [
        {
          kind: "text",
          text: "JPG, PNG and WEBP, and also GIF and HEIC (the format iPhones use). Images under 5MB work best.",
        },
        { kind: "text", text: downscaleSentence() },
        {
          kind: "text",
          text: "A file that is not an image, is damaged, or is far too large is refused with a message saying why, and nothing is counted.",
        },
      ],
    },
    {
      id: "counting",
      question: "How are conversions counted?",
      answer: [
        {
          kind: "text",
          text: "Every successful image counts as one conversion: a style, a Convert Anything change, or another version of a result. A conversion that fails or that you cancel never counts, and neither does downloading.",
        },
        {
          kind: "text",
          text: `Conversions are counted per calendar month and start again on the 1st. Each plan gives a number per month: ${limitsSentence()}. The home page shows what is left as "Remaining conversions: N / limit".`,
        },
      ],
    },
    {
      id: "run-out",
      question: "What happens when I run out of conversions?",
      answer: [
        {
          kind: "text",
          text: 'When you have used all of this month\'s conversions, the tools show "Usage Limit Reached" with the day they renew and an Upgrade Now button; your last result and My Creations stay. If a limit stops something you started, your photo and words are kept, and after upgrading you go straight back to them.',
        },
        {
          kind: "text",
          text: "Upgrade on the Pricing page to keep going straight away, or wait: your conversions come back on the 1st of next month. Results you already downloaded stay yours.",
        },
      ],
      link: { label: "See the plans", to: paths.pricing },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Help page tabs

export const HELP_TABS = [
  { value: "faq", label: "FAQ" },
  { value: "features", label: "Features" },
  { value: "subscription", label: "Subscription" },
] as const;

export type HelpTab = (typeof HELP_TABS)[number]["value"];

export function isHelpTab(value: unknown): value is HelpTab {
  return HELP_TABS.some((t) => t.value === value);
}

// ---------------------------------------------------------------------------------------------------------
// Documentation: Getting Started (SPEC 2.18: exactly these four steps)

export type GettingStartedStep = { title: string; text: string };

export function gettingStartedSteps(): GettingStartedStep[] {
  const free = TIERS[0];
  return [
    {
      title: "Create an account",
      text: `Choose Sign up on the login page and enter your email and a password. You start on the ${free?.name ?? "free"} plan with ${conversionsLabel(free?.limit ?? 0)}, no card needed.`,
    },
    {
      title: "Upload an image",
      text: "On the home page, drop a photo on the upload area, click Select Image, paste one, or take a photo on your phone. JPG, PNG, WEBP, GIF and HEIC work; images under 5MB work best.",
    },
    {
      title: "Choose a style",
      text: `The home page adds a ${home.label.toLowerCase()}; for another look, open a style in the sidebar (${joinNames(STYLE_LABELS.filter((l) => l !== home.label))}) and upload your photo there. The conversion starts straight away.`,
    },
    {
      title: "Download",
      text: `Compare the original with the result using the slider, then click Download to save a PNG, for example ${home.downloadName}.`,
    },
  ];
}
