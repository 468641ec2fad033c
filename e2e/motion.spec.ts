/**
 * Reduced motion in a real browser (issue 19): with "reduce" asked for, nothing turns or staggers (the
 * processing overlay's ring, the poem's lines); without it, the same screens do move, so the check can
 * tell the two apart.
 */
import path from "node:path";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { holdRequests, signUp, uniqueEmail } from "./helpers";

const CAT = path.resolve("tests/fixtures/images/cat-chelsea.png");

/** The animations and transitions running on the page right now (a spinner's turn is endless). */
const running = (page: Page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length);

for (const reducedMotion of ["no-preference", "reduce"] as const) {
  const reduced = reducedMotion === "reduce";
  test(`prefers-reduced-motion: ${reducedMotion}: the overlay's ring and the poem's lines ${reduced ? "stand still" : "move"}`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    await signUp(page, uniqueEmail("motion"));
    await page.goto("/visual-poetry");
    await expect(page.getByRole("heading", { level: 1, name: "Visual Poetry" })).toBeVisible();
    // The answer is held back, so the overlay stays up while it is looked at.
    const held = await holdRequests(page, "**/__local-ai/**");
    await page.getByTestId("file-input").setInputFiles(CAT);
    await expect(page.getByRole("dialog", { name: "Writing your poem..." })).toBeVisible();
    if (reduced) await expect.poll(() => running(page)).toBe(0);
    else await expect.poll(() => running(page)).toBeGreaterThan(0);
    await held.release();

    const lines = page.getByTestId("poem-line");
    await expect(lines.first()).toBeVisible({ timeout: 30_000 });
    // The staggered entrance (poem.css), not a colour's transition, which reduced motion cuts to 0.01 ms.
    const entrances = await lines.evaluateAll(
      (els) =>
        els
          .flatMap((el) => el.getAnimations())
          .filter((a) => a instanceof CSSAnimation && a.animationName === "poem-line-in").length,
    );
    if (reduced) expect(entrances).toBe(0);
    else expect(entrances).toBeGreaterThan(0);
  });
}
