/**
 * Bringing a new result into view (fetched by result-first.ts, useResultFirst, when a result comes):
 * once it is there and its pictures have their size, on a phone to the top, on a wider screen when it is
 * not wholly on the screen.
 */
import { MOBILE_MEDIA_QUERY } from "@/hooks/use-mobile";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function matches(query: string): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

/**
 * Resolves once every picture in `element` has its size (loaded or failed), so the page is as tall as
 * it will be. Looked at again after each one: a picture replaced meanwhile (the slider's still by the
 * slider) is not waited for.
 */
async function picturesSized(element: HTMLElement): Promise<void> {
  for (;;) {
    const loading = [...element.querySelectorAll("img")].filter((img) => !img.complete);
    if (loading.length === 0) return;
    await Promise.race(
      loading.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener("load", resolve, { once: true });
            img.addEventListener("error", resolve, { once: true });
          }),
      ),
    );
  }
}

/**
 * Resolves once `element` has something in it: a result whose own part is still being fetched (the
 * Animator's player) is an empty box at first. Gives up after a few seconds (the part's failure is said
 * by its own stand-in).
 */
function filled(element: HTMLElement): Promise<void> {
  if (element.childElementCount > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (element.childElementCount > 0) done();
    });
    const timer = setTimeout(done, 5_000);
    observer.observe(element, { childList: true });
  });
}

/**
 * Whether `element` lies wholly on the screen: its top under what its `scroll-margin-top` keeps clear
 * (the sticky top bar) and its bottom above the bottom of the viewport.
 */
function wholeOnScreen(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  const clear = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  return box.top >= clear && box.bottom <= window.innerHeight;
}

/**
 * Brings `element` (a result just shown) into view once it is there and its pictures have their size, unless `current()`
 * says it is no longer the result: smooth, unless the visitor asked for less motion. On screens narrower
 * than 768 px it always goes to the top (the result and its actions first); on wider screens only when
 * it is not already wholly on the screen, and then to the top as well.
 */
export async function bringResultToTop(element: HTMLElement, current: () => boolean): Promise<void> {
  await filled(element);
  await picturesSized(element);
  if (!current()) return;
  if (!matches(MOBILE_MEDIA_QUERY) && wholeOnScreen(element)) return;
  element.scrollIntoView({ block: "start", behavior: matches(REDUCED_MOTION_QUERY) ? "auto" : "smooth" });
}
