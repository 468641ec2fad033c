/**
 * The accessibility check of e2e/a11y.spec.ts: axe-core's WCAG 2.0/2.1 A and AA rules on the page as it
 * is, at 390 and 1280 px wide, in the light and the dark theme. Each check is recorded on the test (an
 * "axe" attachment) so e2e/a11y-reporter.ts can say how many routes, states and themes were covered.
 */
import axe, { type RunOptions } from "axe-core";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
export const WIDTHS = [1280, 390] as const;
export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export type Width = (typeof WIDTHS)[number];

/** One state of one route, checked in every width and theme: what the reporter reads. */
export type AxeRecord = {
  route: string;
  state: string;
  checks: { width: Width; theme: Theme; violations: number }[];
};

const HEIGHT: Record<Width, number> = { 390: 844, 1280: 800 };

/**
 * Follow the system's colour scheme (Settings' "System"), so `emulateMedia` switches the theme of a page
 * without reloading it and losing its state. Call before the first navigation.
 */
export async function followSystemTheme(page: Page) {
  await page.addInitScript(() => localStorage.setItem("theme", "system"));
}

/**
 * Wait for two frames, then bring every finite animation and transition (a dialog opening, a toast
 * sliding in, the colours changing with the theme) to its end, as if it had played out, until none
 * runs: the page is checked in the state it comes to rest in. (Letting them play out took as long as
 * the checks themselves.)
 */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForFunction(() => {
    const running = document
      .getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    running.forEach((a) => a.finish());
    return running.length === 0;
  });
}

/** What a check keeps of each violation: enough to name the rule and the elements. */
type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

/**
 * axe-core's run in the page itself, with only violations gathered. Its source (640 KB) is put in the
 * page once, the first time the page is checked, and again only after a navigation: @axe-core/playwright
 * evaluated it twice in every check (206 of them), a tenth of the spec's time. The page has no frames,
 * so the main document is all there is to check.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axe.source);
  const options: RunOptions = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };
  return page.evaluate(async (options) => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, options);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
  }, options);
}

/** Put the page in a width and theme, and let it settle. */
export async function showAs(page: Page, width: Width, theme: Theme) {
  await page.setViewportSize({ width, height: HEIGHT[width] });
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await settle(page);
}

type CheckOptions = {
  /** Run before each width and theme (to bring back something short-lived, such as a toast). */
  before?: (width: Width, theme: Theme) => Promise<void>;
  /** The widths to check (both unless a state only exists at one). */
  widths?: readonly Width[];
  /** The width and theme the page is left in after the checks (the wide light page unless said). */
  end?: { width: Width; theme: Theme };
};

/**
 * Checks the page in `state` at each width and theme, records what was checked on the test, and fails
 * with every violation found (rule, impact, the elements and axe's summary), not just the first.
 */
export async function expectAccessible(
  page: Page,
  testInfo: TestInfo,
  state: string,
  options: CheckOptions = {},
) {
  const route = new URL(page.url()).pathname;
  const record: AxeRecord = { route, state, checks: [] };
  const found: string[] = [];
  // The wide light page last, as the test goes on with it: no extra change of width and theme after.
  const combos = (options.widths ?? WIDTHS).flatMap((width) => THEMES.map((theme) => ({ width, theme })));
  combos.reverse();
  // A page left in another width and theme: that one last.
  if (options.end) {
    const { width, theme } = options.end;
    const at = combos.findIndex((c) => c.width === width && c.theme === theme);
    if (at >= 0) combos.push(...combos.splice(at, 1));
  }
  for (const { width, theme } of combos) {
    await showAs(page, width, theme);
    await options.before?.(width, theme);
    await settle(page);
    const violations = await runAxe(page);
    record.checks.push({ width, theme, violations: violations.length });
    for (const v of violations) {
      const nodes = v.nodes.map(
        (n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`,
      );
      found.push(
        `${route} [${state}] ${width}px ${theme}: ${v.id} (${v.impact}) ${v.help}\n${nodes.join("\n")}`,
      );
    }
  }
  // Back to the page the test goes on with (the wide light one), unless that was the last one checked.
  const end = options.end ?? { width: WIDTHS[0], theme: THEMES[0] };
  const last = combos.at(-1);
  if (last?.width !== end.width || last.theme !== end.theme) await showAs(page, end.width, end.theme);
  await testInfo.attach("axe", { body: JSON.stringify(record), contentType: "application/json" });
  expect.soft(found, `axe-core violations (WCAG 2.1 A/AA) in ${route} [${state}]`).toEqual([]);
}
