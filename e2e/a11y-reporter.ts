/**
 * A Playwright reporter that sums up the accessibility checks (e2e/a11y.ts records each on its test):
 * how many routes, states, widths and themes axe-core covered, and how many violations it found. With
 * A11Y_SUMMARY_FILE set, the line is also written there (`npm test` repeats it under its phase table).
 */
import fs from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import type { AxeRecord } from "./a11y";

export default class AxeSummary implements Reporter {
  /** The records of each test's last try (a retried test counts once). */
  private readonly byTest = new Map<string, AxeRecord[]>();

  onTestEnd(test: TestCase, result: TestResult) {
    const records = result.attachments
      .filter((a) => a.name === "axe" && a.body)
      .map((a) => JSON.parse(a.body!.toString("utf8")) as AxeRecord);
    if (records.length) this.byTest.set(test.id, records);
  }

  onEnd(_result: FullResult) {
    const records = [...this.byTest.values()].flat();
    if (!records.length) return;
    const checks = records.flatMap((r) => r.checks);
    const routes = new Set(records.map((r) => r.route));
    const themes = new Set(checks.map((c) => c.theme));
    const widths = new Set(checks.map((c) => c.width));
    const violations = checks.reduce((sum, c) => sum + c.violations, 0);
    const line =
      `Accessibility (axe-core, WCAG 2.1 A and AA): ${routes.size} routes, ${records.length} states, ` +
      `${themes.size} themes (${[...themes].join(", ")}) at ${widths.size} widths (${[...widths].map((w) => `${w} px`).join(", ")}): ` +
      `${checks.length} checks, ${violations} violation${violations === 1 ? "" : "s"}.`;
    console.info(`\n${line}`);
    if (process.env.A11Y_SUMMARY_FILE) fs.writeFileSync(process.env.A11Y_SUMMARY_FILE, `${line}\n`);
  }

  printsToStdio() {
    return false;
  }
}
