/**
 * docs/product.md "Breakpoints": 550 px switches the layout (side panels move from the right of the
 * main content to below it); 490 px is the small-screen density step.
 */
export const NARROW_LAYOUT_PX = 550;
export const SMALL_SCREEN_PX = 490;

/** Media queries for useMediaQuery; CSS files repeat the numbers (CSS cannot import them). */
export const narrowLayoutQuery = `(max-width: ${NARROW_LAYOUT_PX - 0.02}px)`;
export const smallScreenQuery = `(max-width: ${SMALL_SCREEN_PX - 0.02}px)`;
