/** Tooltip timing from SPEC 9 (library defaults): open delay 700 ms, skip delay 300 ms. */
export const TOOLTIP_DELAY_DURATION = 700;
export const TOOLTIP_SKIP_DELAY_DURATION = 300;
