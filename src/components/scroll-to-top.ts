/**
 * A new page of results starts at its top: paging keeps the window's scroll position
 * otherwise, and the user would land at the end of the new page.
 */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'instant' });
}
