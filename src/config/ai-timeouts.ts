/**
 * Every AI waiting time, in one place for the page (src/lib/gemini) and the server's proxy
 * (api/_lib/ai-settings.ts). The order is the point: the page waits longer than the proxy, the proxy
 * longer than Google usually takes, and a conversion's reservation outlives the proxy's wait, so a
 * result that arrives is always counted and never left waiting on a page that gave up first.
 *
 *   Google's usual worst case  <  the proxy's upstream timeout  <  the page's image timeout
 *                                 the proxy's upstream timeout  <  the reservation's lifetime
 *
 * Image calls take 30 to 90 s at 1K under load and longer at 4K (docs/gemini.md "Retry policy"); a 504
 * from Google means "set a larger timeout", and Google's own client waits up to 600 s. No import.meta
 * here: the server imports this file too.
 */

/** What an image call usually takes at worst (4K under load); the proxy waits longer than this. */
export const GOOGLE_IMAGE_WORST_MS = 180_000;

/** The proxy's wait for one upstream call, by default (AI_UPSTREAM_TIMEOUT_MS may lower it). */
export const UPSTREAM_TIMEOUT_MS = 240_000;

/**
 * The most AI_UPSTREAM_TIMEOUT_MS may be: the page must still be waiting when the proxy gives up, so
 * that the person reads the proxy's answer ("took too long") rather than a page timeout while the
 * picture is still on its way and may yet be counted.
 */
export const MAX_UPSTREAM_TIMEOUT_MS = UPSTREAM_TIMEOUT_MS;

/** Margin between the proxy giving up and the page giving up (the answer still has to travel). */
const PAGE_MARGIN_MS = 30_000;

/**
 * The page's wait for one image call (client mode straight to Google, or through the proxy). An image
 * call that times out is never sent again on its own: it may still be made and billed
 * (docs/gemini.md "Retry policy").
 */
export const PAGE_IMAGE_TIMEOUT_MS = MAX_UPSTREAM_TIMEOUT_MS + PAGE_MARGIN_MS;

/**
 * The page's waits for the text calls (src/lib/gemini: generateText's default is the analysis one,
 * streamText's the poem one). The text model thinks first, and nothing of the answer arrives until its
 * thinking is done: commonly 10-40 s on a photo, a minute or more when the service is busy, so limits
 * of 30 s (analysis) or 60 s (poem) would cut off answers that are on their way. (The app asks the
 * text model for LOW thinking, src/config/gemini-calls.ts, which shortens that wait but is not a bound.)
 * - analysis, 90 s: a description of 2-3 sentences, so almost all of it is thinking. One attempt, and
 *   any failure falls back to the fixed prompt silently before the image call even starts, so the
 *   person's worst wait stays bounded.
 * - poem, 120 s: counted from the request to the first streamed piece (thoughts are not streamed, so
 *   all the thinking happens before it) and then between pieces. Verse thinks longer than a
 *   description; the poem page shows its progress and a Cancel button all along. A poem streams, so
 *   the proxy's whole-call timeout is the longer bound.
 */
export const PAGE_TEXT_TIMEOUT_MS = { analysis: 90_000, poem: 120_000 } as const;

/** How much longer than the proxy's upstream timeout a reservation lives, at least. */
export const RESERVATION_MARGIN_SECONDS = 60;

/** The reservation lifetime that goes with an upstream timeout: always longer than it. */
export function reservationTtlFor(upstreamTimeoutMs: number): number {
  return Math.ceil(upstreamTimeoutMs / 1000) + RESERVATION_MARGIN_SECONDS;
}
