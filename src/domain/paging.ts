export interface Page<T> {
  items: T[];
  /** 1-based, clamped into range. */
  page: number;
  pageCount: number;
}

/** product §9: list cards come 10 per page. */
export const LIST_PAGE_SIZE = 10;

/** One page of a list; an out-of-range page is clamped (product §2, §9). */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number = LIST_PAGE_SIZE,
): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { items: items.slice((p - 1) * size, p * size), page: p, pageCount };
}
