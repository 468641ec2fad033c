/**
 * The `test` every end-to-end spec uses: Playwright's, plus a page that watches for Content-Security-
 * Policy violations (the `securitypolicyviolation` event, and Chromium's console reports of blocked
 * resources) through the whole test, and fails the test if there was any. With every spec going
 * through sign-up and every tool (HEIC, voice, the canvas, the GIF, the ZIP, share), the suite shows
 * that the app runs under its CSP.
 */
import { expect, test as base } from "@playwright/test";

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__cspViolations?.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
        });
      });
      page.on("console", (message) => {
        const text = message.text();
        if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(text);
      });
      await use(violations);
      const inPage = await page.evaluate(() => window.__cspViolations ?? []).catch(() => [] as string[]);
      expect([...violations, ...inPage], "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
