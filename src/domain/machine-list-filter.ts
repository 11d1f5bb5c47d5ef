import Fuse from 'fuse.js';
import type { MachineListItem } from '../../contract/machines';

/** product §2 Machine list: the filter select's options, in its order. */
export const MACHINE_LIST_FILTERS = [
  { value: 'model', label: 'Model' },
  { value: 'serial', label: 'Serial' },
  { value: 'customer', label: 'Customer Name' },
  { value: 'city', label: 'City' },
  { value: 'dealer', label: 'Servicing Dealer' },
] as const;
export type MachineListFilterField = (typeof MACHINE_LIST_FILTERS)[number]['value'];

/** product §9: fuzzy match threshold of the machine list search; page size 10. */
export const MACHINE_LIST_FUZZY_THRESHOLD = 0.3;
export const MACHINE_LIST_PAGE_SIZE = 10;

const keyOf: Record<MachineListFilterField, keyof MachineListItem> = {
  model: 'materialNumber',
  serial: 'serialNumber',
  customer: 'endCustomerName',
  city: 'city',
  dealer: 'servicingDealerName',
};

export type MachineListFilter = (
  field: MachineListFilterField | null,
  text: string,
) => MachineListItem[];

/**
 * A filter over one list: one Fuse index per field, built on first use and kept, so a
 * keystroke only searches (the index is the costly part). Without a field or text the
 * whole list is returned in its order; with them, best matches first.
 */
export function createMachineListFilter(items: readonly MachineListItem[]): MachineListFilter {
  const indexes = new Map<MachineListFilterField, Fuse<MachineListItem>>();
  return (field, text) => {
    const q = text.trim();
    if (!field || !q) return [...items];
    let fuse = indexes.get(field);
    if (!fuse) {
      fuse = new Fuse(items, {
        keys: [keyOf[field]],
        threshold: MACHINE_LIST_FUZZY_THRESHOLD,
        ignoreLocation: true,
      });
      indexes.set(field, fuse);
    }
    return fuse.search(q).map((r) => r.item);
  };
}

/** One-off form of the filter. */
export function filterMachineList(
  items: readonly MachineListItem[],
  field: MachineListFilterField | null,
  text: string,
): MachineListItem[] {
  return createMachineListFilter(items)(field, text);
}

export interface Page<T> {
  items: T[];
  /** 1-based, clamped into range. */
  page: number;
  pageCount: number;
}

/** Cards 10 per page (product §2, §9); an out-of-range page is clamped. */
export function pageOf<T>(
  items: readonly T[],
  page: number,
  size: number = MACHINE_LIST_PAGE_SIZE,
): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { items: items.slice((p - 1) * size, p * size), page: p, pageCount };
}
