/**
 * The class that gives a link standing alone on its line a finger's 44 px of height on a phone
 * (app/tap-targets.css). A link inside a sentence keeps the line's height instead.
 */
export const TAP_LINK = 'tap-link';
